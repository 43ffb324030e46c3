import type { TokenEncoding } from '../tokens/types';
import { getFormat } from './get-format';
import type { TranscriptFormat } from './types';

/**
 * The vocabulary a transcript's model most likely used, as its format says (`registry.ts`): `claude` for Anthropic
 * and Claude Code, `o200k_base` (GPT-4o, 4.1, 5, the o-series, Codex) for OpenAI Chat and Responses. A caller that
 * knows the model picks for itself.
 *
 * @throws {TypeError} when `format` is not a registered format.
 */
export function encodingForFormat(format: TranscriptFormat): TokenEncoding {
  return getFormat(format, 'encodingForFormat').encoding;
}
