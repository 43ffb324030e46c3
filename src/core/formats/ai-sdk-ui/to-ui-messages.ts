import type { ContentBlock, Message } from '../../types';
import { isRecord } from '../is-record';
import { joinTextParts } from '../join-text-parts';

type UiMessage = { id: string; role: string; parts: Record<string, unknown>[] };

/**
 * Canonical messages as AI SDK `UIMessage`s, for messages with no UI record (a summary, a masked result, another
 * format's conversation): the inverse of `uiMessageToPieces`. Consecutive assistant messages with the tool results
 * between them are the steps of one assistant `UIMessage` (a `step-start` each); each `tool_use` is a `tool-<name>`
 * part, its result setting `state` and `output` (or `errorText`); a user message is a user `UIMessage`. Blocks with
 * no UI part, and results whose call is not in these messages, are counted in `dropped`.
 *
 * @param nextId Ids for the new messages.
 */
export function toUiMessages(messages: readonly Message[], nextId: () => string, system?: string): { messages: UiMessage[]; dropped: number } {
  const out: UiMessage[] = [];
  let dropped = 0;
  let assistant: UiMessage | undefined;
  if (system !== undefined && system !== '') out.push({ id: nextId(), role: 'system', parts: [{ type: 'text', text: system }] });
  for (const message of messages) {
    const blocks: ContentBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (message.role === 'assistant') {
      if (assistant === undefined) {
        assistant = { id: nextId(), role: 'assistant', parts: [] };
        out.push(assistant);
      }
      assistant.parts.push({ type: 'step-start' });
      for (const block of blocks) {
        const part = assistantPart(block, assistant);
        if (part === false) dropped++;
        else if (part !== undefined) assistant.parts.push(part);
      }
      continue;
    }
    const parts: Record<string, unknown>[] = [];
    for (const block of blocks) {
      if (block.type === 'tool_result') {
        if (!answer(assistant, String(block.tool_use_id), joinTextParts(block.content), block.is_error === true)) dropped++;
      } else if (block.type === 'text') parts.push({ type: 'text', text: block.text });
      else if (block.type === 'image') parts.push(fileOf(block));
      else dropped++;
    }
    if (parts.length > 0 || blocks.length === 0) {
      assistant = undefined;
      out.push({ id: nextId(), role: 'user', parts });
    }
  }
  return { messages: out, dropped };
}

/** The UI part of an assistant block; `undefined` when the block only updates a part, `false` when it has none. */
function assistantPart(block: ContentBlock, assistant: UiMessage): Record<string, unknown> | undefined | false {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'thinking':
      return typeof block.signature === 'string'
        ? { type: 'reasoning', text: block.thinking, providerMetadata: { anthropic: { signature: block.signature } } }
        : { type: 'reasoning', text: block.thinking };
    case 'redacted_thinking':
      return { type: 'reasoning', text: '', providerMetadata: { anthropic: { redactedData: block.data } } };
    case 'tool_use':
    case 'server_tool_use': {
      const part = { type: `tool-${String(block.name)}`, toolCallId: String(block.id), state: 'input-available', input: block.input };
      return block.type === 'tool_use' ? part : { ...part, providerExecuted: true };
    }
    case 'image':
      return fileOf(block);
  }
  if (block.type.endsWith('_tool_result') && typeof block.tool_use_id === 'string') {
    const index = findToolPart(assistant, block.tool_use_id);
    const part = index === -1 ? undefined : assistant.parts[index];
    if (part === undefined) return false;
    assistant.parts[index] = { ...part, state: 'output-available', output: block.content };
    return undefined;
  }
  return false;
}

function findToolPart(assistant: UiMessage, id: string): number {
  for (let i = assistant.parts.length - 1; i >= 0; i--) if (assistant.parts[i]?.toolCallId === id) return i;
  return -1;
}

/** Sets the result of the tool part `id` of `assistant`; false when there is no such part. */
function answer(assistant: UiMessage | undefined, id: string, text: string, isError: boolean): boolean {
  const index = assistant === undefined ? -1 : findToolPart(assistant, id);
  const part = index === -1 ? undefined : assistant?.parts[index];
  if (assistant === undefined || part === undefined) return false;
  const { output: _output, errorText: _errorText, ...rest } = part;
  assistant.parts[index] = isError ? { ...rest, state: 'output-error', errorText: text } : { ...rest, state: 'output-available', output: text };
  return true;
}

function fileOf(block: ContentBlock): Record<string, unknown> {
  const source = isRecord(block.source) ? block.source : {};
  const mediaType = typeof source.media_type === 'string' ? source.media_type : 'image/png';
  const url = source.type === 'url' ? String(source.url) : `data:${mediaType};base64,${String(source.data)}`;
  return { type: 'file', mediaType, url };
}
