import type { ContentBlock } from '../../types';
import { aiSdkToolOutput, type ToolOutputContent } from '../../shapes/ai-sdk-tool-output';
import { imageSource } from '../../shapes/image-source';
import { stringOrJson } from '../../text/string-or-json';

/**
 * What an AI SDK tool result sends the model, as a canonical `tool_result`'s content, and whether it reports an
 * error, as the providers convert it: `text` / `error-text` as the string, `json` / `error-json` as JSON,
 * `execution-denied` as its reason (or the SDK's "Tool execution denied."), `content` as text and image blocks
 * (`aiSdkToolOutput`), a file that is no image as a `document` named by its file name.
 */
export function toolOutputContent(output: unknown): ToolOutputContent {
  if (output === null || typeof output !== 'object') return { content: stringOrJson(output), isError: false };
  return aiSdkToolOutput(output, contentParts);
}

// A function of the module's, not an arrow made per call: this runs for every tool result a prune reads.
function contentParts(parts: readonly unknown[]): ContentBlock[] {
  return parts.map(contentPart);
}

function contentPart(part: unknown): ContentBlock {
  if (part === null || typeof part !== 'object') return { type: 'text', text: stringOrJson(part) };
  const p = part as Record<string, unknown>;
  const mediaType = typeof p.mediaType === 'string' ? p.mediaType : '';
  switch (p.type) {
    case 'text':
      return { type: 'text', text: stringOrJson(p.text) };
    case 'image-data':
    case 'image-url':
    case 'media':
    case 'file-data':
    case 'file-url':
    case 'file': {
      if (p.type.startsWith('image') || mediaType.startsWith('image')) {
        const data = p.type.endsWith('url') ? p.url : isFileData(p.data) ? (p.data.data ?? p.data.url) : p.data;
        const source = imageSource(data, mediaType);
        if (source !== undefined) return { type: 'image', source };
      }
      return { type: 'document', title: typeof p.filename === 'string' ? p.filename : mediaType };
    }
    default:
      // File ids and references, custom parts: small, and their fields say what they are.
      return { ...p, type: typeof p.type === 'string' ? p.type : 'unknown' };
  }
}

function isFileData(value: unknown): value is { data?: unknown; url?: unknown } {
  return value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string' && !(value instanceof Uint8Array);
}

