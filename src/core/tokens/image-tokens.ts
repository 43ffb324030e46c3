import { describeValue } from './describe-value';
import { ANTHROPIC_IMAGE_LIMITS } from './framing';
import type { ImageTokenLimits } from './types';

/**
 * Tokens an image of `width` × `height` pixels costs by Anthropic's rule: scaled down, aspect ratio kept, until its
 * long edge is at most `limits.maxEdge` and it costs at most `limits.maxTokens`, then width × height ÷
 * `limits.pixelsPerToken`, rounded up (the docs' table: 200 × 200 → 54, 1000 × 1000 → 1334, 1092 × 1092 → 1590).
 *
 * @param limits Default is `ANTHROPIC_IMAGE_LIMITS` (1568 px, 1,600 tokens, 750 pixels a token).
 * @throws {RangeError} when `width` or `height` is not a positive finite number.
 */
export function imageTokens(width: number, height: number, limits: ImageTokenLimits = ANTHROPIC_IMAGE_LIMITS): number {
  if (typeof width !== 'number' || !(width > 0) || !Number.isFinite(width)) {
    throw new RangeError(`imageTokens: width is ${describeValue(width)}; expected a positive number of pixels.`);
  }
  if (typeof height !== 'number' || !(height > 0) || !Number.isFinite(height)) {
    throw new RangeError(`imageTokens: height is ${describeValue(height)}; expected a positive number of pixels.`);
  }
  const { maxEdge, maxTokens, pixelsPerToken } = limits;
  const scale = Math.min(1, maxEdge / Math.max(width, height), Math.sqrt((maxTokens * pixelsPerToken) / (width * height)));
  const scaledWidth = Math.max(1, Math.floor(width * scale));
  const scaledHeight = Math.max(1, Math.floor(height * scale));
  return Math.min(maxTokens, Math.ceil((scaledWidth * scaledHeight) / pixelsPerToken));
}
