import type { ContentBlock } from '../../types';

/**
 * A canonical block as a Gemini `Part`, the inverse of `geminiPartToBlock`: text, images (base64 → `inlineData`, URL →
 * `fileData`) and carried `gemini_part` blocks. Thinking becomes a `thought` text part. Other blocks have no part of
 * their own (server tools, documents of other APIs) and are written as their JSON in a text part, so nothing is lost.
 */
export function blockToGeminiPart(block: ContentBlock): Record<string, unknown> {
  if (block.type === 'text' && typeof block.text === 'string') return { text: block.text };
  if (block.type === 'gemini_part' && block.part !== null && typeof block.part === 'object') return block.part as Record<string, unknown>;
  if (block.type === 'thinking' && typeof block.thinking === 'string') return { text: block.thinking, thought: true };
  if (block.type === 'image' && block.source !== null && typeof block.source === 'object') {
    const source = block.source as { type?: unknown; media_type?: unknown; data?: unknown; url?: unknown };
    if (source.type === 'base64' && typeof source.data === 'string') {
      return { inlineData: { mimeType: typeof source.media_type === 'string' ? source.media_type : 'image/png', data: source.data } };
    }
    if (source.type === 'url' && typeof source.url === 'string') {
      return { fileData: { mimeType: typeof source.media_type === 'string' ? source.media_type : 'image/png', fileUri: source.url } };
    }
  }
  return { text: JSON.stringify(block) };
}
