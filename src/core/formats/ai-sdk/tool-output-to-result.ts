import type { ContentBlock } from '../../types';
import { aiSdkToolOutput, type ToolOutputContent } from '../../shapes/ai-sdk-tool-output';
import { stringOrJson } from '../../text/string-or-json';
import { isRecord } from '../is-record';
import { imageSource } from './image-source';

/**
 * An AI SDK tool result as the providers send it (`aiSdkToolOutput`), its `content` parts read from the file's JSON
 * (images in any of the SDK's spellings, anything else carried through, so export writes it back).
 * `part` is the `tool-result` part: v5+ parts hold `output`; AI SDK 4 parts hold `result` (any JSON), `isError` and
 * sometimes `experimental_content`.
 */
export function toolOutputToResult(part: Record<string, unknown>): ToolOutputContent {
  const output = part.output;
  if (!isRecord(output)) {
    // AI SDK 4: `result` is the tool's return value itself.
    const legacy = Array.isArray(part.experimental_content) ? contentBlocks(part.experimental_content) : undefined;
    return { content: legacy ?? stringOrJson(part.result), isError: part.isError === true };
  }
  return aiSdkToolOutput(output, contentBlocks);
}

/** The parts of a `content` output: text, images in any of the SDK's spellings, anything else kept as it is. */
function contentBlocks(parts: readonly unknown[]): ContentBlock[] {
  return parts.map((part): ContentBlock => {
    if (!isRecord(part)) return { type: 'text', text: stringOrJson(part) };
    const mediaType = typeof part.mediaType === 'string' ? part.mediaType : '';
    switch (part.type) {
      case 'text':
        return { type: 'text', text: stringOrJson(part.text) };
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
