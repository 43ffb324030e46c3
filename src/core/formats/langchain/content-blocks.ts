import type { ContentBlock } from '../../types';
import { chatPartToBlock } from '../chat-part-to-block';
import { isRecord } from '../is-record';

/**
 * A LangChain message's `content` list as canonical blocks: strings and `text` parts as text, Chat `image_url` and
 * LangChain v1 `image` parts (`url`, or `base64` with `mime_type`) as images; Anthropic blocks, which LangChain keeps
 * as the API gave them, as they are (without the `index` streaming adds).
 */
export function contentBlocks(parts: readonly unknown[]): ContentBlock[] {
  return parts.map((part): ContentBlock => {
    if (typeof part === 'string') return { type: 'text', text: part };
    if (!isRecord(part)) return { type: 'text', text: String(part) };
    if (part.type === 'text' && typeof part.text === 'string') return { type: 'text', text: part.text };
    if (part.type === 'image' && !isRecord(part.source)) {
      if (typeof part.base64 === 'string') return { type: 'image', source: { type: 'base64', media_type: String(part.mime_type ?? 'image/png'), data: part.base64 } };
      if (typeof part.url === 'string') return { type: 'image', source: { type: 'url', url: part.url } };
    }
    if (part.type === 'image_url') return chatPartToBlock(part);
    const { index: _index, ...block } = part;
    return { ...block, type: typeof part.type === 'string' ? part.type : 'unknown' };
  });
}
