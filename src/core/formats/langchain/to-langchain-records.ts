import type { ContentBlock, Message } from '../../types';
import type { RecordShape } from './message-view';

type Rec = Record<string, unknown>;

/**
 * Canonical messages as LangChain message records in `shape`, for messages that have no record of their own: user
 * text → `human`, results → one `tool` message each (`status: "error"` for `is_error`), assistant → `ai` with its
 * text and thinking as content and its calls as `tool_calls` (a call whose input is not an object, as the model
 * wrote it, in `invalid_tool_calls`). The fields are those `messages_to_dict` writes. LangChain holds every block.
 * `idOf` gives the id written for a call id (null for one the reader made up).
 */
export function toLangChainRecords(
  messages: readonly Message[],
  shape: RecordShape,
  system?: string,
  idOf: (id: unknown) => unknown = (id) => id,
): { messages: unknown[]; dropped: number } {
  const out: unknown[] = [];
  if (system !== undefined && system !== '') out.push(record(shape, 'system', { content: system }));
  for (const message of messages) {
    const { content } = message;
    if (message.role === 'assistant') {
      if (typeof content === 'string') {
        out.push(record(shape, 'ai', { content, tool_calls: [], invalid_tool_calls: [] }));
        continue;
      }
      const parts = content.filter((b) => b.type !== 'tool_use');
      const calls: Rec[] = [];
      const invalid: Rec[] = [];
      for (const block of content) {
        if (block.type !== 'tool_use') continue;
        const input = block.input;
        if (input !== null && typeof input === 'object' && !Array.isArray(input)) calls.push({ name: block.name, args: input, id: idOf(block.id), type: 'tool_call' });
        else invalid.push({ name: block.name, args: typeof input === 'string' ? input : JSON.stringify(input ?? null), id: idOf(block.id), error: null, type: 'invalid_tool_call' });
      }
      out.push(record(shape, 'ai', { content: asContent(parts), tool_calls: calls, invalid_tool_calls: invalid }));
      continue;
    }
    if (typeof content === 'string') {
      out.push(record(shape, 'human', { content }));
      continue;
    }
    const rest: ContentBlock[] = [];
    for (const block of content) {
      if (block.type !== 'tool_result') {
        rest.push(block);
        continue;
      }
      const result = block.content;
      out.push(
        record(shape, 'tool', {
          content: Array.isArray(result) ? result : (result ?? ''),
          tool_call_id: idOf(block.tool_use_id),
          status: block.is_error === true ? 'error' : 'success',
        }),
      );
    }
    if (rest.length > 0) out.push(record(shape, 'human', { content: asContent(rest) }));
  }
  return { messages: out, dropped: 0 };
}

/** One text block is written as a string, as LangChain writes text-only content. */
function asContent(blocks: readonly ContentBlock[]): unknown {
  const [only] = blocks;
  if (blocks.length === 0) return '';
  return blocks.length === 1 && only?.type === 'text' ? only.text : blocks;
}

const CLASSES: Readonly<Record<string, string>> = { human: 'HumanMessage', ai: 'AIMessage', system: 'SystemMessage', tool: 'ToolMessage' };

function record(shape: RecordShape, type: string, fields: Rec): Rec {
  const data = { content: fields.content, additional_kwargs: {}, response_metadata: {}, type, name: null, id: null, ...fields };
  if (shape === 'lc') return { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', CLASSES[type]], kwargs: fields };
  if (shape === 'flat') return data;
  return { type, data };
}
