/**
 * How prunescope counts tokens. A counter turns text into a token count; `createTokenCounter` builds one for an
 * encoding (the real vocabularies load lazily), and everything that budgets in tokens takes a `TokenCounter`, so a
 * caller can plug in its own (for example one that calls a provider's count endpoint ahead of time).
 */

/** `chars` is the old estimate (characters ÷ 4, rounded up): no vocabulary, no dependency. */
export type TokenEncoding = 'claude' | 'o200k_base' | 'cl100k_base' | 'chars';

/** Counts the tokens of a text in one vocabulary (`createTokenCounter`, `charsTokenCounter`). */
export interface TokenCounter {
  readonly encoding: TokenEncoding;
  /** Tokens in a plain text. Pure: the same text always gives the same count. */
  count(text: string): number;
  /**
   * Present when this counter is not the one that was asked for: the vocabulary could not be loaded (the optional
   * `ai-tokenizer` package is missing, or its chunk failed to download) and `chars` stands in. The UI shows `reason`.
   */
  readonly fallback?: TokenCounterFallback;
}

/** What `createTokenCounter` counts with while a vocabulary loads or when it cannot load. */
export interface TokenCounterFallback {
  /** The encoding that was asked for. */
  readonly requested: TokenEncoding;
  /** Why it could not be loaded, in words a user can act on. */
  readonly reason: string;
}

/**
 * The tokens a request spends around the content itself: role headers, turn separators and the markup each block
 * is rendered in. Measured on recorded usage (see `framing.ts`), not guessed; a caller with better figures for its
 * model passes its own.
 */
export interface MessageFraming {
  /** Every message: the role header and the turn separator. */
  readonly perMessage: number;
  readonly text: number;
  readonly thinking: number;
  readonly redactedThinking: number;
  /** A client tool call (`tool_use`), beside its name and its input as JSON. */
  readonly toolUse: number;
  /** A client tool result, beside its content. */
  readonly toolResult: number;
  /** A server tool call (`server_tool_use`, `mcp_tool_use`) and a server tool result (`*_tool_result`). */
  readonly serverToolUse: number;
  readonly serverToolResult: number;
  readonly image: number;
  /** Any block type not listed above. */
  readonly other: number;
  /** The system prompt, once per request. */
  readonly system: number;
}

/**
 * Anthropic's image rule: an image is scaled down (aspect ratio kept) until its long edge is at most `maxEdge` pixels
 * and it costs at most `maxTokens`; it then costs width × height / `pixelsPerToken`, rounded up.
 */
export interface ImageTokenLimits {
  readonly maxEdge: number;
  readonly maxTokens: number;
  readonly pixelsPerToken: number;
}

export interface ImageSize {
  readonly width: number;
  readonly height: number;
  readonly format: 'png' | 'jpeg' | 'gif' | 'webp';
}
