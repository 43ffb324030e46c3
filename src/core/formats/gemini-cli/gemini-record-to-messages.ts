import type { ContentBlock, Message, ToolResultBlock } from '../../types';
import type { ParseWarning } from '../format-types';
import { isRecord } from '../is-record';
import { geminiPartToBlock } from './gemini-part-to-block';

type Rec = Record<string, unknown>;

/** What one session record becomes. */
export interface GeminiRecordMessages {
  /** A `user` record's message, or a `gemini` record's assistant message. */
  message?: Message;
  /** A `gemini` record's results: one user message of `tool_result` blocks, when any call has one. */
  results?: Message;
  /** Why the record is no message, as `skipped` names it: `info`, `error`, `warning`, `slash-command`, `empty`, or its type. */
  skip?: string;
}

/** Ids for calls and responses the record does not name (parts rebuilt from API history): the n-th call of a name. */
export interface GeminiCallIds {
  made: number;
  /** Calls of each name still waiting for a response, oldest first. */
  open: Map<string, string[]>;
}

/**
 * One Gemini CLI `MessageRecord` as canonical messages, as gemini-cli itself rebuilds the API history on resume
 * (`convertSessionToHistoryFormats`):
 *
 * - `user`: its `content` (a string up to v0.27, `Part[]` since) as sent. A slash command (`/stats`, `?`) was never
 *   sent to the model and is skipped, as are `info`, `error` and `warning` records (UI messages).
 * - `gemini`: one assistant message of a `thinking` block per thought summary (`subject` and `description`; the model
 *   never sees them again), the response text, and a `tool_use` per `toolCalls` entry; then, since a call's result
 *   sits inside the call, one user message with a `tool_result` per call that has one (`result: null` or `[]` is a
 *   call without a result). The result's text is `response.output`, else `response.error`; further parts (an image
 *   read by `read_file`) follow as blocks; `is_error` when the call did not succeed or the response is an error.
 *
 * `where` names the record in warnings (`messages[12]`, `line 7`).
 */
export function geminiRecordToMessages(record: Rec, where: string, ids: GeminiCallIds, warnings?: ParseWarning[]): GeminiRecordMessages {
  const { type } = record;
  if (type === 'user') return userMessage(record.content, ids);
  if (type !== 'gemini') return { skip: typeof type === 'string' ? type : '(no type)' };

  const blocks: ContentBlock[] = [];
  if (Array.isArray(record.thoughts)) {
    for (const thought of record.thoughts) {
      if (!isRecord(thought)) continue;
      const description = typeof thought.description === 'string' ? thought.description : '';
      const subject = typeof thought.subject === 'string' ? thought.subject : '';
      const text = subject === '' ? description : `${subject}\n${description}`;
      if (text !== '') blocks.push({ type: 'thinking', thinking: text });
    }
  }
  const results: ToolResultBlock[] = [];
  const { content } = record;
  if (typeof content === 'string') {
    if (content.trim() !== '') blocks.push({ type: 'text', text: content });
  } else {
    // After a checkpoint rebuilt from API history, the response is `Part[]` and may hold the calls themselves.
    for (const part of Array.isArray(content) ? content : content === undefined || content === null ? [] : [content]) {
      if (isRecord(part) && isRecord(part.functionCall)) {
        const call = part.functionCall;
        const name = typeof call.name === 'string' ? call.name : '';
        blocks.push({ type: 'tool_use', id: callId(call.id, name, ids), name, input: call.args ?? {} });
      } else if (isRecord(part) && part.thought === true && typeof part.text === 'string') {
        blocks.push({ type: 'thinking', thinking: part.text });
      } else {
        const block = geminiPartToBlock(part);
        if (block !== undefined && !(block.type === 'text' && typeof block.text === 'string' && block.text.trim() === '')) blocks.push(block);
      }
    }
  }
  if (record.toolCalls !== undefined && record.toolCalls !== null && !Array.isArray(record.toolCalls)) {
    warnings?.push({ message: `${where}.toolCalls is not a list: its calls are not shown.` });
  }
  const calls: unknown[] = Array.isArray(record.toolCalls) ? record.toolCalls : [];
  calls.forEach((call, k) => {
    if (!isRecord(call)) {
      warnings?.push({ message: `${where}.toolCalls[${k}] skipped: not an object.` });
      return;
    }
    const name = typeof call.name === 'string' ? call.name : '';
    const id = typeof call.id === 'string' && call.id !== '' ? call.id : `${name}-call-${++ids.made}`;
    blocks.push({ type: 'tool_use', id, name, input: call.args ?? {} });
    const parts: unknown[] = Array.isArray(call.result) ? call.result : call.result === null || call.result === undefined ? [] : [call.result];
    if (parts.length === 0) return;
    results.push(resultBlock(id, parts, call.status));
  });

  const out: GeminiRecordMessages = {};
  if (blocks.length === 0) out.skip = 'empty';
  else if (blocks.length === 1 && blocks[0]?.type === 'text' && typeof content === 'string') out.message = { role: 'assistant', content };
  else out.message = { role: 'assistant', content: blocks };
  if (results.length > 0) out.results = { role: 'user', content: results };
  return out;
}

function userMessage(content: unknown, ids: GeminiCallIds): GeminiRecordMessages {
  if (typeof content === 'string') {
    if (content.trim() === '') return { skip: 'empty' };
    return isSlashCommand(content) ? { skip: 'slash-command' } : { message: { role: 'user', content } };
  }
  const parts: unknown[] = Array.isArray(content) ? content : content === undefined || content === null ? [] : [content];
  const blocks: ContentBlock[] = [];
  for (const part of parts) {
    if (isRecord(part) && isRecord(part.functionResponse)) {
      // A checkpoint rebuilt from API history holds the responses as user parts.
      const response = part.functionResponse;
      const name = typeof response.name === 'string' ? response.name : '';
      const id = typeof response.id === 'string' && response.id !== '' ? response.id : (ids.open.get(name)?.shift() ?? `${name}-call-${++ids.made}`);
      blocks.push(resultBlock(id, [part], undefined));
      continue;
    }
    const block = geminiPartToBlock(part);
    if (block !== undefined) blocks.push(block);
  }
  if (blocks.length === 0 || blocks.every((b) => b.type === 'text' && typeof b.text === 'string' && b.text.trim() === '')) return { skip: 'empty' };
  const first = blocks[0];
  if (first?.type === 'text' && typeof first.text === 'string' && isSlashCommand(first.text)) return { skip: 'slash-command' };
  return { message: { role: 'user', content: blocks } };
}

/** gemini-cli's own test: a leading `/` that does not open a `//` or `/*` comment, or a leading `?` (help). */
function isSlashCommand(text: string): boolean {
  const t = text.trimStart();
  return (t.startsWith('/') && !t.startsWith('//') && !t.startsWith('/*')) || t.startsWith('?');
}

function callId(id: unknown, name: string, ids: GeminiCallIds): string {
  if (typeof id === 'string' && id !== '') return id;
  const made = `${name}-call-${++ids.made}`;
  const open = ids.open.get(name);
  if (open === undefined) ids.open.set(name, [made]);
  else open.push(made);
  return made;
}

function resultBlock(id: string, parts: unknown[], status: unknown): ToolResultBlock {
  let response: unknown;
  let main = -1;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    if (isRecord(part) && isRecord(part.functionResponse)) {
      response = part.functionResponse.response;
      main = k;
      break;
    }
  }
  let text = '';
  let error = false;
  if (isRecord(response)) {
    if (typeof response.output === 'string') text = response.output;
    else if ('error' in response) text = typeof response.error === 'string' ? response.error : JSON.stringify(response.error);
    else text = JSON.stringify(response);
    error = 'error' in response;
  } else if (response !== undefined) {
    text = typeof response === 'string' ? response : JSON.stringify(response);
  }
  const extra: ContentBlock[] = [];
  parts.forEach((part, k) => {
    if (k === main) return;
    const block = geminiPartToBlock(part);
    if (block !== undefined) extra.push(block);
  });
  const block: ToolResultBlock = {
    type: 'tool_result',
    tool_use_id: id,
    content: extra.length === 0 ? text : [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...extra],
  };
  if (error || (typeof status === 'string' && status !== 'success')) block.is_error = true;
  return block;
}
