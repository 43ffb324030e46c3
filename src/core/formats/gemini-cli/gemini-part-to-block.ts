import type { ContentBlock } from '../../types';
import { isRecord } from '../is-record';

/**
 * One Gemini `Part` as a canonical block: `text` → text, `inlineData` with an image type → a base64 image, `fileData`
 * with an image type → a URL image. Any other part (audio, PDF, executable code, a `functionCall` in user content)
 * has no canonical equivalent and is carried as `{ type: 'gemini_part', part }`, which export writes back as it was.
 * A bare string is a text part, as `PartListUnion` allows. `undefined` for a part that holds nothing (`null`).
 */
export function geminiPartToBlock(part: unknown): ContentBlock | undefined {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (!isRecord(part)) return part === null || part === undefined ? undefined : { type: 'text', text: String(part) };
  if (typeof part.text === 'string' && part.thought !== true && Object.keys(part).every((key) => key === 'text')) return { type: 'text', text: part.text };
  const inline = isRecord(part.inlineData) ? part.inlineData : undefined;
  if (inline !== undefined && typeof inline.mimeType === 'string' && inline.mimeType.startsWith('image/') && typeof inline.data === 'string' && Object.keys(part).length === 1) {
    return { type: 'image', source: { type: 'base64', media_type: inline.mimeType, data: inline.data } };
  }
  const file = isRecord(part.fileData) ? part.fileData : undefined;
  if (file !== undefined && typeof file.fileUri === 'string' && typeof file.mimeType === 'string' && file.mimeType.startsWith('image/') && Object.keys(part).length === 1) {
    return { type: 'image', source: { type: 'url', url: file.fileUri, media_type: file.mimeType } };
  }
  return { type: 'gemini_part', part };
}
