/**
 * What `pruneMessages` takes: the canonical `Message`, and the Anthropic SDK's `MessageParam` / `BetaMessageParam`
 * as they are (no cast: this names only what every one of them has). `system` is the SDK's mid-conversation system
 * message. A generic over it returns the caller's own type.
 */
export interface PrunableMessage {
  /** `system`: the Anthropic SDK's mid-conversation system message. */
  role: 'user' | 'assistant' | 'system';
  /** A string or content blocks (optional on the beta SDK's system messages). */
  content?: unknown;
}
