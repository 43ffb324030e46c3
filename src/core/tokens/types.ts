/**
 * How prunescope counts tokens. A counter turns text into a token count; `createTokenCounter` builds one for an
 * encoding (the real vocabularies load lazily), and everything that budgets in tokens takes a `TokenCounter`, so a
 * caller can plug in its own (for example one that calls a provider's count endpoint ahead of time).
 */

/** `chars` is the old estimate (characters ÷ 4, rounded up): no vocabulary, no dependency. */
export type TokenEncoding = 'claude' | 'o200k_base' | 'cl100k_base' | 'chars';

export interface TokenCounter {
  readonly encoding: TokenEncoding;
  /** Tokens in a plain text. Pure: the same text always gives the same count. */
  count(text: string): number;
}
