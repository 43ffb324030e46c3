import type { ContentBlock } from '../../types';
import { LINK_PREFIX } from '../../shapes/link-id';
import { imageSource } from '../../shapes/image-source';
import { toolOutputContent } from './tool-output-content';

/**
 * One part of an AI SDK `ModelMessage` (ai 5, 6, 7) as the canonical block the core plans on, one block per part
 * (block k of the view is part k). A `text` part is its own block (the same object).
 *
 * - `tool-call` → `tool_use` (`server_tool_use` when `providerExecuted`); `tool-result` in a tool message →
 *   `tool_result` (`is_error` for the error outputs and denials); in an assistant message (a provider-executed
 *   tool's result) → a server result, which the core keeps in its message.
 * - `tool-approval-request` / `tool-approval-response` → a call and a result of a link id made from `approvalId`,
 *   so the request, its response and the call in the request's message are kept or dropped together (ai 6+ refuses
 *   a response whose request is gone). They send nothing to a model, and count next to nothing.
 * - `reasoning` → `thinking`; `image`, and `file` of an image type → `image` (sized from its bytes); another `file`
 *   → a `document` named by its file name.
 * - anything else (`custom`, an unknown part) → itself: counted by its fields, carried through.
 *
 * Returns `undefined` for a part of a type no AI SDK version has, so the caller can say which API it came from.
 */
export function modelPartBlock(part: unknown, inAssistant: boolean): ContentBlock | undefined {
  if (part === null || typeof part !== 'object') return { type: 'text', text: typeof part === 'string' ? part : '' };
  const p = part as Record<string, unknown>;
  switch (p.type) {
    case 'text':
      return typeof p.text === 'string' ? (p as ContentBlock) : { type: 'text', text: '' };
    case 'reasoning':
      return { type: 'thinking', thinking: typeof p.text === 'string' ? p.text : '' };
    case 'redacted-reasoning':
      return { type: 'redacted_thinking', data: typeof p.data === 'string' ? p.data : '' };
    case 'tool-call':
      return { type: p.providerExecuted === true ? 'server_tool_use' : 'tool_use', id: String(p.toolCallId), name: String(p.toolName ?? ''), input: 'input' in p ? p.input : p.args };
    case 'tool-result': {
      const output = 'output' in p ? p.output : p.result;
      // The commonest output, a text, read here: no account object for it (a prune reads every result it keeps).
      const text = (output as { type?: unknown } | null)?.type === 'text' ? (output as { value?: unknown }).value : undefined;
      if (typeof text === 'string' && !inAssistant) return { type: 'tool_result', tool_use_id: String(p.toolCallId), content: text };
      const { content, isError } = toolOutputContent(output);
      if (inAssistant) return { type: 'provider_tool_result', tool_use_id: String(p.toolCallId), content };
      return isError ? { type: 'tool_result', tool_use_id: String(p.toolCallId), content, is_error: true } : { type: 'tool_result', tool_use_id: String(p.toolCallId), content };
    }
    case 'tool-approval-request':
      return { type: 'tool_use', id: `${LINK_PREFIX}${String(p.approvalId)}`, name: '', input: '' };
    case 'tool-approval-response':
      return { type: 'tool_result', tool_use_id: `${LINK_PREFIX}${String(p.approvalId)}`, content: '' };
    case 'image':
    case 'file':
    case 'reasoning-file': {
      const mediaType = typeof p.mediaType === 'string' ? p.mediaType : typeof p.mimeType === 'string' ? p.mimeType : '';
      if (p.type === 'image' || mediaType.startsWith('image')) {
        const source = imageSource(unwrap(p.type === 'image' ? p.image : p.data), mediaType);
        return { type: 'image', source: source ?? { type: 'url', url: '' } };
      }
      return { type: 'document', title: typeof p.filename === 'string' ? p.filename : mediaType };
    }
    case 'custom':
      return p as ContentBlock;
    default:
      return undefined;
  }
}

/** ai 7's tagged file data (`{ type: 'data' | 'url', … }`) to what it holds. */
function unwrap(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || data instanceof Uint8Array) return data;
  const d = data as { type?: unknown; data?: unknown; url?: unknown };
  return d.type === 'data' ? d.data : d.type === 'url' ? d.url : data;
}
