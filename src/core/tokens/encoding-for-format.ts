import type { TranscriptFormat } from '../formats/types';
import { describeValue } from './describe-value';
import type { TokenEncoding } from './types';

const ENCODING: Record<TranscriptFormat, TokenEncoding> = {
  anthropic: 'claude',
  'claude-code': 'claude',
  'openai-chat': 'o200k_base',
  'openai-responses': 'o200k_base',
};

/**
 * The vocabulary a transcript's model most likely used: `claude` for Anthropic and Claude Code, `o200k_base` (GPT-4o,
 * 4.1, 5, the o-series, Codex) for OpenAI Chat and Responses. A caller that knows the model picks for itself.
 *
 * @throws {TypeError} when `format` is not one of `anthropic`, `claude-code`, `openai-chat`, `openai-responses`.
 */
export function encodingForFormat(format: TranscriptFormat): TokenEncoding {
  const encoding = Object.hasOwn(ENCODING, format) ? ENCODING[format] : undefined;
  if (encoding === undefined) {
    throw new TypeError(`encodingForFormat: format is ${describeValue(format)}; allowed: ${Object.keys(ENCODING).join(', ')}.`);
  }
  return encoding;
}
