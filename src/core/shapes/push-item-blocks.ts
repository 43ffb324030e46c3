import type { ContentBlock } from '../types';
import { LINK_PREFIX } from './link-id';
import { imageSource } from './image-source';
import { stringOrJson } from '../text/string-or-json';

type Record_ = Record<string, unknown>;

const CALLS_WITH_ACTIONS = new Set(['computer_call', 'local_shell_call', 'shell_call', 'apply_patch_call', 'program']);

/**
 * The canonical blocks standing for one Responses input item, for planning and counting: a call (`function_call`,
 * `custom_tool_call`, computer and shell calls, a client tool search) is a `tool_use` of its `call_id`; its output a
 * `tool_result` of the same id; an MCP approval request and its response a call and result of a link id; reasoning
 * `thinking` (or its ciphertext); a message its text and images; a generated image an image. Anything else (web and
 * file search calls, MCP calls, item references, types this version does not know) is itself: counted by its fields.
 *
 * Pushed onto `out`, so a run of several items makes one list (`itemBlocks` for one item's own).
 */
export function pushItemBlocks(item: unknown, out: ContentBlock[]): void {
  if (item === null || typeof item !== 'object') return;
  const it = item as Record_;
  const type = it.type ?? 'message';
  switch (type) {
    case 'message':
      pushMessageBlocks(it.content, out);
      return;
    case 'reasoning': {
      const text = [...texts(it.summary), ...texts(it.content)].join('\n');
      out.push(text === '' && typeof it.encrypted_content === 'string' ? { type: 'redacted_thinking', data: it.encrypted_content } : { type: 'thinking', thinking: text });
      return;
    }
    case 'function_call':
      out.push({ type: 'tool_use', id: String(it.call_id), name: String(it.name ?? ''), input: it.arguments ?? '' });
      return;
    case 'custom_tool_call':
      out.push({ type: 'tool_use', id: String(it.call_id), name: String(it.name ?? ''), input: it.input ?? '' });
      return;
    case 'tool_search_call':
      out.push(it.execution === 'client' ? { type: 'tool_use', id: String(it.call_id), name: 'tool_search', input: it.arguments ?? '' } : (it as ContentBlock));
      return;
    case 'mcp_approval_request':
      out.push({ type: 'tool_use', id: `${LINK_PREFIX}mcp:${String(it.id)}`, name: String(it.name ?? ''), input: it.arguments ?? '' });
      return;
    case 'mcp_approval_response':
      out.push({ type: 'tool_result', tool_use_id: `${LINK_PREFIX}mcp:${String(it.approval_request_id)}`, content: typeof it.reason === 'string' ? it.reason : '' });
      return;
    case 'image_generation_call':
      out.push(typeof it.result === 'string' ? { type: 'image', source: imageSource(it.result) ?? { type: 'url', url: '' } } : (it as ContentBlock));
      return;
    case 'function_call_output':
    case 'custom_tool_call_output':
      out.push({ type: 'tool_result', tool_use_id: String(it.call_id), content: typeof it.output === 'string' ? it.output : messageBlocks(it.output) });
      return;
    case 'computer_call_output': {
      const url = (it.output as Record_ | undefined)?.image_url;
      out.push({ type: 'tool_result', tool_use_id: String(it.call_id), content: [{ type: 'image', source: imageSource(url) ?? { type: 'url', url: '' } }] });
      return;
    }
    default:
      if (typeof type === 'string' && CALLS_WITH_ACTIONS.has(type)) {
        out.push({ type: 'tool_use', id: String(it.call_id ?? it.id), name: type, input: it.action ?? it.actions ?? it.operation ?? it.code ?? '' });
        return;
      }
      if ((typeof type === 'string' && type.endsWith('_call_output')) || type === 'program_output' || (type === 'tool_search_output' && it.execution === 'client')) {
        out.push({ type: 'tool_result', tool_use_id: String(it.call_id ?? it.id), content: stringOrJson(it.output ?? it.result ?? it.tools) });
        return;
      }
      out.push(it as ContentBlock);
      return;
  }
}

/** A message's content (or a tool output's parts): text parts as text, images as images, files as documents. */
function messageBlocks(content: unknown): ContentBlock[] {
  const out: ContentBlock[] = [];
  pushMessageBlocks(content, out);
  return out;
}

function pushMessageBlocks(content: unknown, out: ContentBlock[]): void {
  if (typeof content === 'string') out.push({ type: 'text', text: content });
  else if (Array.isArray(content)) for (let k = 0; k < content.length; k++) out.push(partBlock(content[k]));
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

