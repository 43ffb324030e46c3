import type { Detection, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { DETECTION_SAMPLE, messageList } from '../message-list';
import { mismatch } from '../mismatch';

const ROLES = new Set(['system', 'user', 'assistant']);
const PARTS = new Set(['text', 'reasoning', 'file', 'source-url', 'source-document', 'step-start', 'dynamic-tool', 'tool-invocation', 'custom', 'reasoning-file']);

/**
 * AI SDK `UIMessage[]`: `{ id, role, parts }` messages whose parts are the SDK's UI parts (`text` with `text`,
 * `step-start`, `tool-<name>` and `dynamic-tool` with a `toolCallId` and a `state`, `data-*`, `source-*`), as an array
 * or under `messages`. No other format holds `parts` of these types, so it reads with high confidence; text-only
 * messages, a little less.
 */
export function detectAiSdkUi(source: TranscriptSource): Detection {
  if (source.kind === 'lines') return mismatch('it is JSON Lines, and AI SDK UI messages are one JSON document');
  const list = messageList(source.value, false);
  if (typeof list === 'string') return mismatch(list);
  // No message shows any UIMessage shape: leave an empty list to the looser readers.
  if (list.length === 0) return mismatch('it holds no messages');
  let tools = false;
  for (let i = 0; i < list.length && i < DETECTION_SAMPLE; i++) {
    const m = list[i];
    const n = i + 1;
    if (!isRecord(m)) return mismatch(`message ${n} is not an object`, n);
    if (typeof m.role !== 'string' || !ROLES.has(m.role)) return mismatch(`message ${n} has role ${JSON.stringify(m.role)}`, n);
    if (!Array.isArray(m.parts)) return mismatch(`message ${n} has no \`parts\` list`, n);
    for (const part of m.parts) {
      if (!isRecord(part) || typeof part.type !== 'string') return mismatch(`message ${n} has a part without a \`type\``, n);
      const { type } = part;
      if (type === 'text' && typeof part.text !== 'string') return mismatch(`message ${n} has a \`text\` part without a string \`text\``, n);
      if (type.startsWith('data-') || type === 'step-start' || type.startsWith('source-')) tools = true;
      else if (type === 'dynamic-tool' || (type.startsWith('tool-') && type !== 'tool-invocation')) {
        if (typeof part.toolCallId !== 'string' || typeof part.state !== 'string') return mismatch(`message ${n} has a \`${type}\` part without \`toolCallId\` and \`state\``, n);
        tools = true;
      } else if (!PARTS.has(type)) return mismatch(`message ${n} has a \`${type}\` part, which is not an AI SDK UIMessage part`, n);
      else if (type === 'tool-invocation') tools = true;
    }
  }
  return tools
    ? { reads: true, confidence: 0.97, reason: 'its messages are AI SDK UIMessages: `parts` with steps, tool states or data parts' }
    : { reads: true, confidence: 0.9, reason: 'its messages are AI SDK UIMessages: `{ id, role, parts }` with text parts' };
}
