import type { Detection, TranscriptSource } from '../format-types';
import { DETECTION_SAMPLE, messageList } from '../message-list';
import { mismatch } from '../mismatch';
import { isRecord } from '../is-record';

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
const CHAT_PARTS = new Set(['text', 'image_url', 'input_audio', 'file', 'refusal']);

/**
 * One JSON document of Chat Completions messages: an array, `{ messages }`, or many conversations (`[{ traj }]`).
 * The loosest of the document formats, so it reads with the least confidence: more with what only Chat has
 * (`tool_calls`, system/developer/tool roles, `image_url` parts, a list of conversations), yet less than a
 * Responses `type: "message"` item, which Chat messages never carry.
 */
export function detectOpenAIChat(source: TranscriptSource): Detection {
  if (source.kind === 'lines') return mismatch('it is JSON Lines, and Chat Completions messages are one JSON document');
  const list = messageList(source.value, true);
  if (typeof list === 'string') return mismatch(list);
  let strong = Array.isArray(source.value) && list !== source.value;
  for (let i = 0; i < list.length && i < DETECTION_SAMPLE; i++) {
    const m = list[i];
    const n = i + 1;
    if (!isRecord(m)) return mismatch(`message ${n} is not an object`, n);
    if (typeof m.role !== 'string' || !CHAT_ROLES.has(m.role)) return mismatch(`message ${n} has role ${JSON.stringify(m.role)}`, n);
    if (typeof m.type === 'string' && m.type !== 'message') return mismatch(`message ${n} has type \`${m.type}\` (a Responses item)`, n);
    if (m.role !== 'user' && m.role !== 'assistant') strong = true;
    if ('tool_calls' in m || 'tool_call_id' in m) strong = true;
    const { content } = m;
    if (content === null || content === undefined || typeof content === 'string') continue;
    if (!Array.isArray(content)) return mismatch(`message ${n} has content that is neither a string, null nor a list of parts`, n);
    for (const part of content) {
      if (!isRecord(part) || typeof part.type !== 'string') return mismatch(`message ${n} has a content part without a \`type\``, n);
      if (!CHAT_PARTS.has(part.type)) return mismatch(`message ${n} has a \`${part.type}\` block, which is not a Chat Completions part`, n);
      if (part.type !== 'text' && part.type !== 'refusal') strong = true;
    }
  }
  return strong
    ? { reads: true, confidence: 0.65, reason: 'its messages have Chat Completions roles, `tool_calls` or parts' }
    : { reads: true, confidence: 0.5, reason: 'its messages are `{ role, content }` turns of text' };
}
