import type { ContentBlock } from '../../types';
import { isRecord } from '../is-record';
import { imageSource } from './image-source';

/** What a tool result says to the model: its content, and whether it reports an error. */
export interface ToolResultContent {
  content: string | ContentBlock[];
  isError: boolean;
}

/**
 * An AI SDK tool result as the providers send it (Anthropic's conversion, `convert-to-anthropic-messages-prompt.ts`):
 * `text` and `error-text` as their string, `json` and `error-json` stringified, `execution-denied` as its reason (or
 * the SDK's "Tool execution denied."), `content` as text and image blocks; the error kinds and a denial flagged.
 * `part` is the `tool-result` part: v5+ parts hold `output`; AI SDK 4 parts hold `result` (any JSON), `isError` and
 * sometimes `experimental_content`.
 */
export function toolOutputToResult(part: Record<string, unknown>): ToolResultContent {
  const output = part.output;
  if (!isRecord(output)) {
    // AI SDK 4: `result` is the tool's return value itself.
    const legacy = Array.isArray(part.experimental_content) ? contentBlocks(part.experimental_content) : undefined;
    return { content: legacy ?? stringOf(part.result), isError: part.isError === true };
  }
  switch (output.type) {
    case 'text':
      return { content: stringOf(output.value), isError: false };
    case 'error-text':
      return { content: stringOf(output.value), isError: true };
    case 'json':
      return { content: JSON.stringify(output.value ?? null), isError: false };
    case 'error-json':
      return { content: JSON.stringify(output.value ?? null), isError: true };
    case 'execution-denied':
      return { content: typeof output.reason === 'string' ? output.reason : 'Tool execution denied.', isError: true };
    case 'content':
      return { content: Array.isArray(output.value) ? contentBlocks(output.value) : '', isError: false };
    default:
      return { content: JSON.stringify(output), isError: false };
  }
}

function stringOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined ? '' : JSON.stringify(value);
}

/** The parts of a `content` output: text, images in any of the SDK's spellings, anything else kept as it is. */
function contentBlocks(parts: readonly unknown[]): ContentBlock[] {
  return parts.map((part): ContentBlock => {
    if (!isRecord(part)) return { type: 'text', text: stringOf(part) };
    const mediaType = typeof part.mediaType === 'string' ? part.mediaType : '';
    switch (part.type) {
      case 'text':
        return { type: 'text', text: stringOf(part.text) };
      case 'media':
      case 'image-data':
      case 'file-data':
      case 'file': {
        const source = part.type === 'image-data' || mediaType.startsWith('image') ? imageSource(part.data, mediaType) : undefined;
        if (source !== undefined) return { type: 'image', source };
        break;
      }
      case 'image-url':
      case 'file-url':
        if (typeof part.url === 'string' && (part.type === 'image-url' || mediaType.startsWith('image'))) return { type: 'image', source: { type: 'url', url: part.url } };
        break;
    }
    return { ...part, type: typeof part.type === 'string' ? part.type : 'unknown' };
  });
}
