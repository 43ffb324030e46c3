import type { ImageBlock } from '../../types';
import { isRecord } from '../is-record';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * An AI SDK `DataContent | URL` as an Anthropic image source: a data URL or bare base64 string as `base64`, an
 * `http(s)` URL as `url`, and the bytes JSON made of a `Uint8Array` (`{ "0": 137, "1": 80, … }`) or a Node `Buffer`
 * (`{ type: "Buffer", data: […] }`) encoded to base64. `undefined` when `data` is none of those (a provider file
 * reference, for one), so the caller keeps the part as it is.
 */
export function imageSource(data: unknown, mediaType: unknown): ImageBlock['source'] | undefined {
  const media = typeof mediaType === 'string' && mediaType.includes('/') ? mediaType : undefined;
  if (isRecord(data) && data.type === 'data') return imageSource(data.data, mediaType);
  if (isRecord(data) && data.type === 'url') return imageSource(data.url, mediaType);
  if (typeof data === 'string') {
    const comma = data.indexOf(',');
    if (data.startsWith('data:') && comma !== -1) {
      const header = data.slice(5, comma);
      const type = header.split(';')[0];
      return { type: 'base64', media_type: type !== undefined && type !== '' ? type : (media ?? 'image/png'), data: data.slice(comma + 1) };
    }
    if (/^https?:\/\//i.test(data)) return { type: 'url', url: data };
    return { type: 'base64', media_type: media ?? 'image/png', data };
  }
  const bytes = bytesOf(data);
  return bytes === undefined ? undefined : { type: 'base64', media_type: media ?? 'image/png', data: toBase64(bytes) };
}

function bytesOf(data: unknown): number[] | undefined {
  if (!isRecord(data)) return undefined;
  if (data.type === 'Buffer' && Array.isArray(data.data)) return data.data.every(isByte) ? (data.data as number[]) : undefined;
  const values: number[] = [];
  for (let i = 0; ; i++) {
    const byte = data[String(i)];
    if (byte === undefined) break;
    if (!isByte(byte)) return undefined;
    values.push(byte);
  }
  return values.length > 0 && values.length === Object.keys(data).length ? values : undefined;
}

function isByte(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 256;
}

function toBase64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += BASE64.charAt((n >> 18) & 63) + BASE64.charAt((n >> 12) & 63);
    out += i + 1 < bytes.length ? BASE64.charAt((n >> 6) & 63) : '=';
    out += i + 2 < bytes.length ? BASE64.charAt(n & 63) : '=';
  }
  return out;
}
