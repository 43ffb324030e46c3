import type { ImageSize } from './types';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) DECODE[ALPHABET.charCodeAt(k)] = k;
// URL-safe base64 decodes the same; a data URL may use either.
DECODE[45] = 62; // '-'
DECODE[95] = 63; // '_'

/** A JPEG's size sits in its frame header, after EXIF and thumbnails; a bound on segments keeps a hostile file cheap. */
const MAX_JPEG_SEGMENTS = 4096;

/**
 * Width, height and format of a PNG, JPEG, GIF or WebP image from the header of its base64 data (a bare string or a
 * `data:` URL), or `undefined` when the data is none of these or is cut short. Reads only the bytes it needs, by
 * position, so a 5 MB screenshot costs a few dozen decoded bytes, not a 5 MB copy.
 */
export function readImageSize(base64: string): ImageSize | undefined {
  if (typeof base64 !== 'string') return undefined;
  let data = base64;
  if (data.startsWith('data:')) {
    const comma = data.indexOf(',');
    if (comma === -1) return undefined;
    data = data.slice(comma + 1);
  }
  // Random access assumes four characters per three bytes; line-wrapped base64 (MIME style) has to be joined first.
  if (/\s/.test(data.slice(0, 256))) data = data.replace(/\s+/g, '');
  const bytes = new Base64Bytes(data);
  const b0 = bytes.at(0);
  const b1 = bytes.at(1);
  if (b0 === 0x89 && b1 === 0x50 && bytes.ascii(1, 3) === 'PNG') return png(bytes);
  if (b0 === 0xff && b1 === 0xd8) return jpeg(bytes);
  if (bytes.ascii(0, 4) === 'GIF8') return gif(bytes);
  if (bytes.ascii(0, 4) === 'RIFF' && bytes.ascii(8, 4) === 'WEBP') return webp(bytes);
  return undefined;
}

class Base64Bytes {
  readonly length: number;
  constructor(private readonly data: string) {
    let padding = 0;
    if (data.endsWith('==')) padding = 2;
    else if (data.endsWith('=')) padding = 1;
    this.length = Math.floor((data.length * 3) / 4) - padding;
  }

  /** The byte at `index`, or -1 past the end or on a character that is not base64. */
  at(index: number): number {
    if (index < 0 || index >= this.length) return -1;
    const group = Math.floor(index / 3) * 4;
    const a = this.sextet(group);
    const b = this.sextet(group + 1);
    switch (index % 3) {
      case 0:
        return a < 0 || b < 0 ? -1 : (a << 2) | (b >> 4);
      case 1: {
        const c = this.sextet(group + 2);
        return b < 0 || c < 0 ? -1 : ((b & 0x0f) << 4) | (c >> 2);
      }
      default: {
        const c = this.sextet(group + 2);
        const d = this.sextet(group + 3);
        return c < 0 || d < 0 ? -1 : ((c & 0x03) << 6) | d;
      }
    }
  }

  ascii(from: number, length: number): string {
    let out = '';
    for (let k = 0; k < length; k++) {
      const byte = this.at(from + k);
      if (byte < 0) return '';
      out += String.fromCharCode(byte);
    }
    return out;
  }

  /** Unsigned big-endian of `size` bytes, or -1 when any is missing. */
  be(from: number, size: number): number {
    let value = 0;
    for (let k = 0; k < size; k++) {
      const byte = this.at(from + k);
      if (byte < 0) return -1;
      value = value * 256 + byte;
    }
    return value;
  }

  /** Unsigned little-endian of `size` bytes, or -1 when any is missing. */
  le(from: number, size: number): number {
    let value = 0;
    for (let k = size - 1; k >= 0; k--) {
      const byte = this.at(from + k);
      if (byte < 0) return -1;
      value = value * 256 + byte;
    }
    return value;
  }

  private sextet(position: number): number {
    const code = this.data.charCodeAt(position);
    return code < 128 ? (DECODE[code] ?? -1) : -1;
  }
}

function sized(width: number, height: number, format: ImageSize['format']): ImageSize | undefined {
  return width > 0 && height > 0 ? { width, height, format } : undefined;
}

/** Signature, then the IHDR chunk: length (4), "IHDR" (4), width (4, big-endian), height (4). */
function png(bytes: Base64Bytes): ImageSize | undefined {
  if (bytes.ascii(12, 4) !== 'IHDR') return undefined;
  return sized(bytes.be(16, 4), bytes.be(20, 4), 'png');
}

/** "GIF87a" or "GIF89a", then the logical screen width and height (2 bytes each, little-endian). */
function gif(bytes: Base64Bytes): ImageSize | undefined {
  return sized(bytes.le(6, 2), bytes.le(8, 2), 'gif');
}

/** RIFF container; the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webp(bytes: Base64Bytes): ImageSize | undefined {
  const chunk = bytes.ascii(12, 4);
  if (chunk === 'VP8 ') {
    const width = bytes.le(26, 2);
    const height = bytes.le(28, 2);
    return width < 0 || height < 0 ? undefined : sized(width & 0x3fff, height & 0x3fff, 'webp');
  }
  if (chunk === 'VP8L') {
    if (bytes.at(20) !== 0x2f) return undefined;
    const bits = bytes.le(21, 4);
    if (bits < 0) return undefined;
    return sized((bits & 0x3fff) + 1, (Math.floor(bits / 0x4000) & 0x3fff) + 1, 'webp');
  }
  if (chunk === 'VP8X') {
    const width = bytes.le(24, 3);
    const height = bytes.le(27, 3);
    return width < 0 || height < 0 ? undefined : sized(width + 1, height + 1, 'webp');
  }
  return undefined;
}

/** Walks the marker segments to the first start-of-frame (SOF0–SOF15 less DHT, JPG and DAC), which holds the size. */
function jpeg(bytes: Base64Bytes): ImageSize | undefined {
  let position = 2;
  for (let segment = 0; segment < MAX_JPEG_SEGMENTS; segment++) {
    if (bytes.at(position) !== 0xff) return undefined;
    let marker = bytes.at(position + 1);
    // Any number of 0xFF fill bytes may precede a marker.
    while (marker === 0xff) marker = bytes.at(++position + 1);
    if (marker < 0) return undefined;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = bytes.be(position + 2, 2);
    if (length < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return sized(bytes.be(position + 7, 2), bytes.be(position + 5, 2), 'jpeg');
    }
    position += 2 + length;
  }
  return undefined;
}
