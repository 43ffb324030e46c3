import type { ContentBlock } from '../types';
import { LINK_PREFIX } from './link-id';
import { imageSource } from './image-source';

type Record_ = Record<string, unknown>;

const CALLS_WITH_ACTIONS = new Set(['computer_call', 'local_shell_call', 'shell_call', 'apply_patch_call', 'program']);

/**
 * The canonical blocks standing for one Responses input item, for planning and counting: a call (`function_call`,
 * `custom_tool_call`, computer and shell calls, a client tool search) is a `tool_use` of its `call_id`; its output a
 * `tool_result` of the same id; an MCP approval request and its response a call and result of a link id; reasoning
 * `thinking` (or its ciphertext); a message its text and images; a generated image an image. Anything else (web and
 * file search calls, MCP calls, item references, types this version does not know) is itself: counted by its fields.
 */
export function itemBlocks(item: unknown): ContentBlock[] {
  if (item === null || typeof item !== 'object') return [];
  const it = item as Record_;
  const type = it.type ?? 'message';
  switch (type) {
    case 'message':
      return messageBlocks(it.content);
    case 'reasoning': {
      const text = [...texts(it.summary), ...texts(it.content)].join('\n');
      if (text === '' && typeof it.encrypted_content === 'string') return [{ type: 'redacted_thinking', data: it.encrypted_content }];
      return [{ type: 'thinking', thinking: text }];
    }
    case 'function_call':
      return [{ type: 'tool_use', id: String(it.call_id), name: String(it.name ?? ''), input: it.arguments ?? '' }];
    case 'custom_tool_call':
      return [{ type: 'tool_use', id: String(it.call_id), name: String(it.name ?? ''), input: it.input ?? '' }];
    case 'tool_search_call':
      return it.execution === 'client' ? [{ type: 'tool_use', id: String(it.call_id), name: 'tool_search', input: it.arguments ?? '' }] : [it as ContentBlock];
    case 'mcp_approval_request':
      return [{ type: 'tool_use', id: `${LINK_PREFIX}mcp:${String(it.id)}`, name: String(it.name ?? ''), input: it.arguments ?? '' }];
    case 'mcp_approval_response':
      return [{ type: 'tool_result', tool_use_id: `${LINK_PREFIX}mcp:${String(it.approval_request_id)}`, content: typeof it.reason === 'string' ? it.reason : '' }];
    case 'image_generation_call':
      return typeof it.result === 'string' ? [{ type: 'image', source: imageSource(it.result) ?? { type: 'url', url: '' } }] : [it as ContentBlock];
    case 'function_call_output':
    case 'custom_tool_call_output':
      return [{ type: 'tool_result', tool_use_id: String(it.call_id), content: typeof it.output === 'string' ? it.output : messageBlocks(it.output) }];
    case 'computer_call_output': {
      const url = (it.output as Record_ | undefined)?.image_url;
      return [{ type: 'tool_result', tool_use_id: String(it.call_id), content: [{ type: 'image', source: imageSource(url) ?? { type: 'url', url: '' } }] }];
    }
    default:
      if (typeof type === 'string' && CALLS_WITH_ACTIONS.has(type)) {
        return [{ type: 'tool_use', id: String(it.call_id ?? it.id), name: type, input: it.action ?? it.actions ?? it.operation ?? it.code ?? '' }];
      }
      if ((typeof type === 'string' && type.endsWith('_call_output')) || type === 'program_output' || (type === 'tool_search_output' && it.execution === 'client')) {
        return [{ type: 'tool_result', tool_use_id: String(it.call_id ?? it.id), content: json(it.output ?? it.result ?? it.tools) }];
      }
      return [it as ContentBlock];
  }
}

/** A message's content (or a tool output's parts): text parts as text, images as images, files as documents. */
function messageBlocks(content: unknown): ContentBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.map(partBlock);
}

/** One part of a message's content as its block (a function of its own: a closure was made per message). */
function partBlock(part: unknown): ContentBlock {
  const p = (part ?? {}) as Record_;
  switch (p.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: typeof p.text === 'string' ? p.text : '' };
    case 'refusal':
      return { type: 'text', text: typeof p.refusal === 'string' ? p.refusal : '' };
    case 'input_image':
      return { type: 'image', source: imageSource(p.image_url) ?? { type: 'url', url: '' } };
    case 'input_file':
      return { type: 'document', title: typeof p.filename === 'string' ? p.filename : 'file' };
    default:
      return { ...p, type: typeof p.type === 'string' ? p.type : 'unknown' };
  }
}

function texts(parts: unknown): string[] {
  if (!Array.isArray(parts)) return [];
  return parts.map((part) => (typeof (part as Record_ | null)?.text === 'string' ? ((part as Record_).text as string) : '')).filter((t) => t !== '');
}

function json(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
