import type { ContentBlock, Message, ToolUseBlock } from '../../types';
import { isRecord } from '../is-record';
import { parseToolArguments } from '../parse-tool-arguments';
import { contentBlocks } from './content-blocks';

type Rec = Record<string, unknown>;

/**
 * An AI message as a canonical assistant message: reasoning (`additional_kwargs.reasoning_content`, Anthropic
 * `thinking`, v1 `reasoning`), text, then the calls. LangChain's Anthropic integration writes each call twice, as a
 * `tool_use` block in `content` and as a `tool_calls` entry: one `tool_use` is made per id, where the block stands,
 * with the entry's parsed `args` (the block's `input` is empty while streaming). `invalid_tool_calls` keep their
 * arguments as the string the model wrote; raw OpenAI `additional_kwargs.tool_calls` are read when `tool_calls` is
 * absent (older LangChain). A call with a `null` id gets one from `newId`.
 */
export function aiMessage(fields: Rec, newId: () => string): Message {
  const blocks: ContentBlock[] = [];
  const kwargs = isRecord(fields.additional_kwargs) ? fields.additional_kwargs : {};
  if (typeof kwargs.reasoning_content === 'string' && kwargs.reasoning_content !== '') blocks.push({ type: 'thinking', thinking: kwargs.reasoning_content });
  const calls = Array.isArray(fields.tool_calls) ? fields.tool_calls.filter(isRecord) : [];
  const byId = new Map<string, Rec>();
  for (const call of calls) if (typeof call.id === 'string') byId.set(call.id, call);
  // Ids already written from a content block: the entry naming the same call is its twin, written once.
  const twins = new Map<string, number>();
  const use = (id: string, name: unknown, input: unknown): void => {
    blocks.push({ type: 'tool_use', id, name: typeof name === 'string' ? name : '', input } as ToolUseBlock);
  };
  const twin = (id: unknown): boolean => {
    const left = typeof id === 'string' ? (twins.get(id) ?? 0) : 0;
    if (left > 0) twins.set(id as string, left - 1);
    return left > 0;
  };

  const { content } = fields;
  if (typeof content === 'string' && content !== '') blocks.push({ type: 'text', text: content });
  if (Array.isArray(content)) {
    for (const block of contentBlocks(content)) {
      const b = block as ContentBlock & Rec;
      if (b.type === 'input_json_delta') continue;
      if (b.type === 'reasoning') {
        blocks.push({ type: 'thinking', thinking: typeof b.reasoning === 'string' ? b.reasoning : '' });
      } else if ((b.type === 'tool_use' || b.type === 'tool_call') && typeof b.id === 'string') {
        const call = byId.get(b.id);
        use(b.id, call?.name ?? b.name, call !== undefined ? (call.args ?? {}) : (b.input ?? b.args ?? {}));
        twins.set(b.id, (twins.get(b.id) ?? 0) + 1);
      } else blocks.push(block);
    }
  }
  for (const call of calls) if (!twin(call.id)) use(typeof call.id === 'string' ? call.id : newId(), call.name, call.args ?? {});
  const invalid = Array.isArray(fields.invalid_tool_calls) ? fields.invalid_tool_calls.filter(isRecord) : [];
  for (const call of invalid) if (!twin(call.id)) use(typeof call.id === 'string' ? call.id : newId(), call.name, parseToolArguments(call.args));
  if (!('tool_calls' in fields) && Array.isArray(kwargs.tool_calls)) {
    const written = new Set(blocks.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])));
    for (const call of kwargs.tool_calls.filter(isRecord)) {
      if (typeof call.id === 'string' && written.has(call.id)) continue;
      const fn = isRecord(call.function) ? call.function : {};
      use(typeof call.id === 'string' ? call.id : newId(), fn.name, parseToolArguments(fn.arguments ?? {}));
    }
  }
  const only = blocks[0];
  if (typeof content === 'string' && (blocks.length === 0 || (blocks.length === 1 && only?.type === 'text'))) return { role: 'assistant', content };
  return { role: 'assistant', content: blocks };
}
