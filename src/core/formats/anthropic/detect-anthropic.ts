import type { Detection, TranscriptSource } from '../format-types';
import { DETECTION_SAMPLE, messageList } from '../message-list';
import { mismatch } from '../mismatch';
import { isRecord } from '../is-record';

/** Parts of the OpenAI Responses API, which Anthropic never writes (`refusal` is not among them: both may hold one). */
const RESPONSES_PARTS = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'summary_text']);

/**
 * One JSON document: an array of `{ role: 'user' | 'assistant', content }` messages or a request body with
 * `messages`. A block other than text (`tool_use`, `tool_result`, `thinking`, `image`, `compaction`, …) is strong
 * evidence; messages of plain text could as well be OpenAI Chat messages, so they read with less confidence.
 */
export function detectAnthropic(source: TranscriptSource): Detection {
  if (source.kind === 'lines') return mismatch('it is JSON Lines, and Anthropic Messages is one JSON document');
  const list = messageList(source.value, false);
  if (typeof list === 'string') {
    if (Array.isArray(source.value) && source.value.length > 0 && source.value.every((e) => isRecord(e) && (Array.isArray(e.traj) || Array.isArray(e.messages)))) {
      return mismatch('it is a list of several conversations, and an Anthropic request holds one');
    }
    return mismatch(list);
  }
  if (isRecord(source.value) && typeof source.value.system !== 'string' && source.value.system !== undefined && !Array.isArray(source.value.system)) {
    return mismatch('`system` is neither a string nor a list of blocks');
  }
  let strong = false;
  for (let i = 0; i < list.length && i < DETECTION_SAMPLE; i++) {
    const m = list[i];
    const n = i + 1;
    if (!isRecord(m)) return mismatch(`message ${n} is not an object`, n);
    if (m.role !== 'user' && m.role !== 'assistant') return mismatch(`message ${n} has role ${JSON.stringify(m.role)}; only "user" and "assistant" are allowed`, n);
    if ('tool_calls' in m) return mismatch(`message ${n} has \`tool_calls\` (an OpenAI Chat field)`, n);
    if (typeof m.type === 'string' && m.type !== 'message') return mismatch(`message ${n} has type \`${m.type}\``, n);
    if (typeof m.content === 'string') continue;
    if (!Array.isArray(m.content)) return mismatch(`message ${n} has no \`content\` string or block list`, n);
    for (const block of m.content) {
      if (!isRecord(block) || typeof block.type !== 'string') return mismatch(`message ${n} has a content block without a \`type\``, n);
      if (RESPONSES_PARTS.has(block.type)) return mismatch(`message ${n} has a \`${block.type}\` part (OpenAI Responses)`, n);
      if (block.type === 'image_url') return mismatch(`message ${n} has an \`image_url\` part (OpenAI Chat)`, n);
      if (block.type !== 'text' && block.type !== 'refusal') strong = true;
    }
  }
  return strong
    ? { reads: true, confidence: 0.8, reason: 'its messages are `user`/`assistant` turns with Anthropic content blocks' }
    : { reads: true, confidence: 0.6, reason: 'its messages are `user`/`assistant` turns of text' };
}
