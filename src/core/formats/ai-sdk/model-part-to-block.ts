import type { ContentBlock } from '../../types';
import { isRecord } from '../is-record';
import { imageSource } from './image-source';
import { toolOutputToResult } from './tool-output-to-result';

/**
 * One part of an AI SDK `ModelMessage` (v4 to v7) as the canonical block a provider would be sent, or `undefined`
 * for a part the SDK never sends to the model: tool approval requests and responses, which `generateText` filters
 * out when it converts the prompt (they bind a call to its approval, and stay in the source record).
 *
 * - `text` → text; `reasoning` → `thinking` with its Anthropic `signature`, or `redacted_thinking` when it carries
 *   only `redactedData` (AI SDK 4: a `redacted-reasoning` part).
 * - `tool-call` → `tool_use` (`input`, or AI SDK 4 `args`); with `providerExecuted`, a `server_tool_use`.
 * - `tool-result` → `tool_result` (see `toolOutputToResult`); in an assistant message, where it answers a
 *   provider-executed call (`serverCalls` holds the ids of that message's server tool uses), the server result
 *   `<toolName>_tool_result`.
 * - `image`, and `file` with an image media type → image; anything else is carried through as it is.
 */
export function modelPartToBlock(part: unknown, role: 'user' | 'assistant' | 'tool', serverCalls: ReadonlySet<string>): ContentBlock | undefined {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (!isRecord(part)) return { type: 'text', text: JSON.stringify(part) ?? '' };
  const id = typeof part.toolCallId === 'string' ? part.toolCallId : '';
  switch (part.type) {
    case 'text':
      return { type: 'text', text: typeof part.text === 'string' ? part.text : '' };
    case 'reasoning': {
      const anthropic = isRecord(part.providerOptions) && isRecord(part.providerOptions.anthropic) ? part.providerOptions.anthropic : {};
      const text = typeof part.text === 'string' ? part.text : '';
      if (text === '' && typeof anthropic.redactedData === 'string') return { type: 'redacted_thinking', data: anthropic.redactedData };
      return typeof anthropic.signature === 'string' ? { type: 'thinking', thinking: text, signature: anthropic.signature } : { type: 'thinking', thinking: text };
    }
    case 'redacted-reasoning':
      return { type: 'redacted_thinking', data: typeof part.data === 'string' ? part.data : '' };
    case 'tool-call':
      return {
        type: part.providerExecuted === true ? 'server_tool_use' : 'tool_use',
        id,
        name: typeof part.toolName === 'string' ? part.toolName : '',
        input: 'input' in part ? part.input : part.args,
      };
    case 'tool-result': {
      const { content, isError } = toolOutputToResult(part);
      if (role === 'assistant' && serverCalls.has(id)) {
        const name = typeof part.toolName === 'string' && part.toolName !== '' ? part.toolName : 'server';
        const output = isRecord(part.output) && 'value' in part.output ? part.output.value : content;
        return { type: `${name}_tool_result`, tool_use_id: id, content: output };
      }
      return isError ? { type: 'tool_result', tool_use_id: id, content, is_error: true } : { type: 'tool_result', tool_use_id: id, content };
    }
    case 'tool-approval-request':
    case 'tool-approval-response':
      return undefined;
    case 'image':
    case 'file': {
      const mediaType = typeof part.mediaType === 'string' ? part.mediaType : typeof part.mimeType === 'string' ? part.mimeType : '';
      if (part.type === 'image' || mediaType.startsWith('image')) {
        const source = imageSource(part.type === 'image' ? part.image : part.data, mediaType);
        if (source !== undefined) return { type: 'image', source };
      }
      return { ...part, type: part.type };
    }
    default:
      return { ...part, type: typeof part.type === 'string' ? part.type : 'unknown' };
  }
}
