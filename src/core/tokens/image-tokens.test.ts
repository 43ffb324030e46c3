import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_IMAGE_LIMITS } from './framing';
import { imageTokens } from './image-tokens';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

describe('imageTokens', () => {
  // The docs' table (https://platform.claude.com/docs/en/build-with-claude/vision, "Evaluate image size").
  it.each([
    [200, 200, 54],
    [1000, 1000, 1334],
    [1092, 1092, 1590],
  ])('%i × %i costs %i tokens, as the docs table says', (width, height, tokens) => {
    expect(imageTokens(width, height)).toBe(tokens);
  });

  it('scales a large image down to the cap before counting, aspect ratio kept', () => {
    // A 4K screenshot: 3840 × 2160 would be 11,059 tokens unscaled.
    expect(imageTokens(3840, 2160)).toBeLessThanOrEqual(1600);
    expect(imageTokens(3840, 2160)).toBeGreaterThan(1550);
    // A long strip is bounded by its long edge first: 1568 × 80 after scaling 4000 × 204.
    expect(imageTokens(4000, 204)).toBe(Math.ceil((1568 * 79) / 750));
    expect(imageTokens(2160, 3840)).toBe(imageTokens(3840, 2160));
  });

  it('takes other limits, such as a model with a larger native resolution', () => {
    expect(imageTokens(2576, 1449, { maxEdge: 2576, maxTokens: 5000, pixelsPerToken: 750 })).toBe(Math.ceil((2576 * 1449) / 750));
  });

  it('rejects sizes that are not positive numbers, naming the field', () => {
    expect(() => imageTokens(0, 10)).toThrow(new RangeError('imageTokens: width is number 0; expected a positive number of pixels.'));
    expect(() => imageTokens(10, Number.NaN)).toThrow(/height is number NaN/);
    expect(() => imageTokens(10, Infinity)).toThrow(RangeError);
  });

  it('is symmetric, never above the cap or the unscaled cost, never below 1 (property)', () => {
    const side = fc.integer({ min: 1, max: 20_000 });
    fc.assert(
      fc.property(side, side, (w, h) => {
        const tokens = imageTokens(w, h);
        expect(tokens).toBe(imageTokens(h, w));
        expect(tokens).toBeGreaterThanOrEqual(1);
        expect(tokens).toBeLessThanOrEqual(ANTHROPIC_IMAGE_LIMITS.maxTokens);
        expect(tokens).toBeLessThanOrEqual(Math.ceil((w * h) / 750));
        if (Math.max(w, h) <= 1568 && w * h <= 1600 * 750) expect(tokens).toBe(Math.ceil((w * h) / 750));
      }),
      { numRuns: 500, ...replay },
    );
  });
});
