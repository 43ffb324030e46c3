/**
 * What the AI SDK adapter takes: any `ModelMessage` of `ai` 5, 6 or 7 (and `ResponseMessage`, `CoreMessage`), named
 * by what all of them have, so the package needs no `ai` types (and no `ai` at all) to type-check a caller's
 * messages, and gives the caller's own type back. Types only.
 */
export interface ModelMessageLike {
  /** The AI SDK's four roles; `system` messages are never pruned. */
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** A string, or the parts of the message (text, tool-call, tool-result, reasoning, file, approval, …). */
  content: unknown;
  /** Sent back as it came. */
  providerOptions?: unknown;
}
