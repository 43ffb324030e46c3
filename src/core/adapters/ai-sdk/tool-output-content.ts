import type { ContentBlock } from '../../types';
import { imageSource } from '../../shapes/image-source';

/**
 * What an AI SDK tool result sends the model, as a canonical `tool_result`'s content, and whether it reports an
 * error, as the providers convert it: `text` / `error-text` as the string, `json` / `error-json` as JSON,
 * `execution-denied` as its reason (or the SDK's "Tool execution denied."), `content` as text and image blocks.
 */
export function toolOutputContent(output: unknown): { content: string | ContentBlock[]; isError: boolean } {
  if (output === null || typeof output !== 'object') return { content: stringOf(output), isError: false };
  const o = output as { type?: unknown; value?: unknown; reason?: unknown };
  switch (o.type) {
    case 'text':
      return { content: stringOf(o.value), isError: false };
    case 'error-text':
      return { content: stringOf(o.value), isError: true };
    case 'json':
      return { content: json(o.value), isError: false };
    case 'error-json':
      return { content: json(o.value), isError: true };
    case 'execution-denied':
      return { content: typeof o.reason === 'string' ? o.reason : 'Tool execution denied.', isError: true };
    case 'content':
      return { content: Array.isArray(o.value) ? o.value.map(contentPart) : '', isError: false };
    default:
      return { content: json(output), isError: false };
  }
}

function contentPart(part: unknown): ContentBlock {
  if (part === null || typeof part !== 'object') return { type: 'text', text: stringOf(part) };
  const p = part as Record<string, unknown>;
  const mediaType = typeof p.mediaType === 'string' ? p.mediaType : '';
  switch (p.type) {
    case 'text':
      return { type: 'text', text: stringOf(p.text) };
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

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : json(value);
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
