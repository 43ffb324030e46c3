/**
 * What the AI SDK adapter takes: any `ModelMessage` of `ai` 5, 6 or 7 (and `ResponseMessage`, `CoreMessage`), named
 * by what all of them have, so the package needs no `ai` types (and no `ai` at all) to type-check a caller's
 * messages, and gives the caller's own type back. Types only.
 */
export interface ModelMessageLike {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: unknown;
  providerOptions?: unknown;
}
