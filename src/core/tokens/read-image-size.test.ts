import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './read-image-size';
import { GIF_19X7, JPEG_37X23_WITH_COMMENT, PNG_37X23, TINY_IMAGES, WEBP_37X23_LOSSY } from '../../../test/support/tiny-images';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

const base64 = (bytes: number[]): string => Buffer.from(bytes).toString('base64');
const be32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number): number[] => [(n >>> 8) & 255, n & 255];

/** A PNG's first 24 bytes: signature and the IHDR chunk's length, type, width and height. */
const pngHeader = (width: number, height: number): number[] => [
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...be32(13), 0x49, 0x48, 0x44, 0x52, ...be32(width), ...be32(height),
];

describe('readImageSize', () => {
  it.each(TINY_IMAGES.map((image) => [image.mediaType, image.width, image.height, image] as const))(
    'reads a real %s of %i × %i',
    (_type, width, height, image) => {
      const size = readImageSize(image.base64);
      expect(size).toEqual({ width, height, format: image.mediaType.slice('image/'.length) });
    },
  );

  it('reads a data URL and line-wrapped (MIME) base64', () => {
    expect(readImageSize(`data:image/png;base64,${PNG_37X23.base64}`)).toMatchObject({ width: 37, height: 23 });
    const wrapped = JPEG_37X23_WITH_COMMENT.base64.replace(/.{76}/g, '$&\r\n');
    expect(readImageSize(wrapped)).toMatchObject({ width: 37, height: 23, format: 'jpeg' });
  });

  it('gives undefined for data that is no image it knows, or is cut before the size', () => {
    expect(readImageSize('')).toBeUndefined();
    expect(readImageSize('not base64 at all!')).toBeUndefined();
    expect(readImageSize(base64([0x42, 0x4d, 0, 0, 0, 0]))).toBeUndefined(); // BMP
    expect(readImageSize(PNG_37X23.base64.slice(0, 20))).toBeUndefined();
    expect(readImageSize(GIF_19X7.base64.slice(0, 8))).toBeUndefined();
    expect(readImageSize(WEBP_37X23_LOSSY.base64.slice(0, 32))).toBeUndefined();
    // A JPEG whose frame header never comes: start of scan first.
    expect(readImageSize(base64([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeUndefined();
    expect(readImageSize(42 as never)).toBeUndefined();
  });

  it('reads any PNG size from its IHDR (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (w, h) => {
        expect(readImageSize(base64(pngHeader(w, h)))).toEqual({ width: w, height: h, format: 'png' });
      }),
      { numRuns: 200, ...replay },
    );
  });

  it('walks any number of JPEG segments before the frame header (property)', () => {
    const segment = fc
      .record({ marker: fc.constantFrom(0xe0, 0xe1, 0xe2, 0xed, 0xfe, 0xdb, 0xc4), body: fc.uint8Array({ maxLength: 300 }) })
      .map(({ marker, body }) => [0xff, marker, ...be16(body.length + 2), ...body]);
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 8 }),
        fc.constantFrom(0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf),
        fc.integer({ min: 1, max: 65535 }),
        fc.integer({ min: 1, max: 65535 }),
        (segments, sof, w, h) => {
          const bytes = [0xff, 0xd8, ...segments.flat(), 0xff, sof, ...be16(17), 8, ...be16(h), ...be16(w), 3];
          expect(readImageSize(base64(bytes))).toEqual({ width: w, height: h, format: 'jpeg' });
        },
      ),
      { numRuns: 200, ...replay },
    );
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('base64'))), (text) => {
        const size = readImageSize(text);
        if (size !== undefined) expect(size.width > 0 && size.height > 0).toBe(true);
      }),
      { numRuns: 500, ...replay },
    );
  });
});
