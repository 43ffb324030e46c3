import type { ImageBlock } from '../types';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Bytes encoded for reading an image's size: its header and, for a JPEG, the frame header after EXIF data. */
const HEADER_BYTES = 256 * 1024;

/**
 * An SDK's image data as the canonical image source the token counter reads (`countMessageTokens` sizes an image
 * from its base64 header): a `data:` URL or bare base64 string as `base64`, an `http(s)` URL or `URL` as `url`
 * (counted at the cap), bytes (`Uint8Array`, `ArrayBuffer`, a Node `Buffer`) encoded up to their first 256 KiB, which
 * hold the size of any PNG, GIF, WebP or JPEG. `undefined` for anything else (a provider file reference).
 */
export function imageSource(data: unknown, mediaType?: unknown): ImageBlock['source'] | undefined {
  const media = typeof mediaType === 'string' && mediaType.includes('/') ? mediaType : 'image/png';
  if (typeof data === 'string') {
    if (data.startsWith('data:')) {
      const comma = data.indexOf(',');
      const type = data.slice(5, comma === -1 ? 5 : comma).split(';')[0];
      return { type: 'base64', media_type: type !== undefined && type !== '' ? type : media, data: data.slice(comma + 1) };
    }
    if (/^https?:\/\//i.test(data)) return { type: 'url', url: data };
    return { type: 'base64', media_type: media, data };
  }
  // A `URL` (the core has no DOM types: read it by its fields).
  const href = data !== null && typeof data === 'object' ? (data as { href?: unknown }).href : undefined;
  if (typeof href === 'string') return href.startsWith('data:') ? imageSource(href, mediaType) : { type: 'url', url: href };
  const bytes = data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : undefined;
  return bytes === undefined ? undefined : { type: 'base64', media_type: media, data: encode(bytes.subarray(0, HEADER_BYTES)) };
}

function encode(bytes: Uint8Array): string {
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out.push(
      BASE64.charAt((n >> 18) & 63) +
        BASE64.charAt((n >> 12) & 63) +
        (i + 1 < bytes.length ? BASE64.charAt((n >> 6) & 63) : '=') +
        (i + 2 < bytes.length ? BASE64.charAt(n & 63) : '='),
    );
  }
  return out.join('');
}
