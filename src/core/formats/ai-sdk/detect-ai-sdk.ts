import type { Detection, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { DETECTION_SAMPLE, messageList } from '../message-list';
import { mismatch } from '../mismatch';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
/** Part types of `ModelMessage` content, AI SDK 4 to 7. */
const PARTS = new Set([
  'text',
  'image',
  'file',
  'reasoning',
  'redacted-reasoning',
  'reasoning-file',
  'custom',
  'tool-call',
  'tool-result',
  'tool-approval-request',
  'tool-approval-response',
]);
/** The parts each role holds. */
const ROLE_PARTS: Record<string, ReadonlySet<string>> = {
  user: new Set(['text', 'image', 'file']),
  tool: new Set(['tool-result', 'tool-approval-response']),
};
/** Parts no other format has. */
const OWN_PARTS = new Set(['tool-call', 'tool-result', 'reasoning', 'redacted-reasoning', 'tool-approval-request', 'tool-approval-response', 'reasoning-file']);

/**
 * AI SDK `ModelMessage[]`: `{ role, content }` messages whose parts are the SDK's (`tool-call` with `toolCallId`,
 * `tool-result`, `reasoning`, approvals), or that carry `providerOptions`, as an array or under `messages`. Reads only
 * with such evidence: a plain `[{ role, content: string }]` is left to the Anthropic and OpenAI readers. A `parts`
 * list instead of `content` is a `UIMessage`, another format.
 */
export function detectAiSdk(source: TranscriptSource): Detection {
  if (source.kind === 'lines') return mismatch('it is JSON Lines, and AI SDK messages are one JSON document');
  const list = messageList(source.value, false);
  if (typeof list === 'string') return mismatch(list);
  let evidence: string | undefined;
  for (let i = 0; i < list.length && i < DETECTION_SAMPLE; i++) {
    const m = list[i];
    const n = i + 1;
    if (!isRecord(m)) return mismatch(`message ${n} is not an object`, n);
    if (typeof m.role !== 'string' || !ROLES.has(m.role)) return mismatch(`message ${n} has role ${JSON.stringify(m.role)}`, n);
    if (!('content' in m) && Array.isArray(m.parts)) return mismatch(`message ${n} has \`parts\` and no \`content\` (an AI SDK UIMessage)`, n);
    if ('providerOptions' in m) evidence ??= '`providerOptions`';
    const { content } = m;
    if (typeof content === 'string') {
      if (m.role === 'tool') return mismatch(`message ${n} is a \`tool\` message with string content`, n);
      continue;
    }
    if (!Array.isArray(content)) return mismatch(`message ${n} has content that is neither a string nor a list of parts`, n);
    if (m.role === 'tool') evidence ??= '`tool` messages of parts';
    for (const part of content) {
      if (!isRecord(part) || typeof part.type !== 'string') return mismatch(`message ${n} has a content part without a \`type\``, n);
      if (!PARTS.has(part.type)) return mismatch(`message ${n} has a \`${part.type}\` part, which is not an AI SDK ModelMessage part`, n);
      if (ROLE_PARTS[m.role]?.has(part.type) === false) return mismatch(`message ${n} is a \`${m.role}\` message with a \`${part.type}\` part`, n);
      if (OWN_PARTS.has(part.type)) evidence ??= `\`${part.type}\` parts`;
      if ('providerOptions' in part) evidence ??= '`providerOptions`';
      if (part.type === 'image' && 'image' in part) evidence ??= '`image` parts';
      if (part.type === 'file' && 'mediaType' in part) evidence ??= '`file` parts with `mediaType`';
      if (part.type === 'text' && typeof part.text !== 'string') return mismatch(`message ${n} has a \`text\` part without a string \`text\``, n);
    }
  }
  if (evidence === undefined) return mismatch('its messages have no part only the AI SDK writes (`tool-call`, `tool-result`, `reasoning`, `providerOptions`)', list.length);
  return { reads: true, confidence: 0.95, reason: `its messages are AI SDK ModelMessages: ${evidence}` };
}
