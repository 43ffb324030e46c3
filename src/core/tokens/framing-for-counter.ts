import { ANTHROPIC_FRAMING, OPENAI_FRAMING } from './framing';
import type { MessageFraming, TokenCounter } from './types';

/**
 * The framing measured for the provider a counter's encoding belongs to: OpenAI's for `o200k_base` and
 * `cl100k_base`, Anthropic's for `claude` and for `chars` (the canonical messages are in Anthropic's shape). A
 * fallback counter keeps the framing of the encoding that was asked for: only its text counts are rougher.
 */
export function framingForCounter(counter: TokenCounter): MessageFraming {
  const encoding = counter.fallback?.requested ?? counter.encoding;
  return encoding === 'o200k_base' || encoding === 'cl100k_base' ? OPENAI_FRAMING : ANTHROPIC_FRAMING;
}
