import type { ContentBlock } from '../../types';
import { isRecord } from '../is-record';
import { parseToolArguments } from '../parse-tool-arguments';

/**
 * A part of an OpenTelemetry GenAI message (`gen_ai.input.messages` / `gen_ai.output.messages`) as a canonical block:
 * `text` → text, `reasoning` → thinking (no signature: the conventions record none), `tool_call` → `tool_use`
 * (`arguments` parsed when a JSON string), `tool_call_response` → `tool_result` (`response`, or `result` as
 * pydantic-ai and the spec's own example write it; a string as is, anything else as JSON), `server_tool_call` and its
 * response → a server tool use and its result, `blob` / `uri` images → image, anything else carried as it is. Ids are
 * trimmed (the spec's example has `" call_VSPy…"`); a missing id is `''`, paired by position (see
 * `otelMessagesToCanonical`).
 */
export function otelPartToBlock(part: unknown): ContentBlock {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (!isRecord(part)) return { type: 'text', text: JSON.stringify(part) ?? '' };
  const id = typeof part.id === 'string' ? part.id.trim() : '';
  const content = typeof part.content === 'string' ? part.content : undefined;
  switch (part.type) {
    case 'text':
      return { type: 'text', text: content ?? (typeof part.text === 'string' ? part.text : '') };
    case 'reasoning':
      return { type: 'thinking', thinking: content ?? '' };
    case 'tool_call':
      return { type: 'tool_use', id, name: typeof part.name === 'string' ? part.name : '', input: parseToolArguments(part.arguments ?? {}) };
    case 'tool_call_response': {
      const response = 'response' in part ? part.response : part.result;
      return { type: 'tool_result', tool_use_id: id, content: typeof response === 'string' ? response : (JSON.stringify(response) ?? '') };
    }
    case 'server_tool_call': {
      const call = isRecord(part.server_tool_call) ? part.server_tool_call : {};
      return { type: 'server_tool_use', id, name: typeof part.name === 'string' ? part.name : String(call.type ?? 'server_tool'), input: call };
    }
    case 'server_tool_call_response': {
      const response = isRecord(part.server_tool_call_response) ? part.server_tool_call_response : {};
      return { type: `${typeof response.type === 'string' ? response.type : 'server_tool'}_tool_result`, tool_use_id: id, content: response };
    }
    case 'blob':
      if (part.modality === 'image' && typeof part.content === 'string') {
        return { type: 'image', source: { type: 'base64', media_type: typeof part.mime_type === 'string' ? part.mime_type : 'image/png', data: part.content } };
      }
      break;
    case 'uri':
      if (part.modality === 'image' && typeof part.uri === 'string') return { type: 'image', source: { type: 'url', url: part.uri } };
      break;
  }
  return { ...part, type: typeof part.type === 'string' ? part.type : 'unknown' };
}
