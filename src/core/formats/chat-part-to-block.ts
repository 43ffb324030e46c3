import type { ContentBlock } from '../types';
import { isRecord } from './is-record';

/**
 * A Chat Completions content part as a canonical block: `text` as it is, `image_url` as an image (a `data:` URL as
 * base64 data). Audio, files and refusals have no canonical block and are carried as they are.
 */
export function chatPartToBlock(part: unknown): ContentBlock {
  if (!isRecord(part)) return { type: 'text', text: String(part) };
  if (part.type === 'text' && typeof part.text === 'string') return { type: 'text', text: part.text };
  if (part.type === 'image_url') {
    const url = isRecord(part.image_url) ? part.image_url.url : part.image_url;
    if (typeof url === 'string') {
      const comma = url.indexOf(',');
      if (url.startsWith('data:') && comma !== -1 && url.slice(0, comma).endsWith(';base64')) {
        return { type: 'image', source: { type: 'base64', media_type: url.slice(5, comma - 7), data: url.slice(comma + 1) } };
      }
      return { type: 'image', source: { type: 'url', url } };
    }
  }
  return { ...part, type: typeof part.type === 'string' ? part.type : 'unknown' };
}
