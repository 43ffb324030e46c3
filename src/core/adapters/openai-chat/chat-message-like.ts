/**
 * What the OpenAI Chat adapter takes: `ChatCompletionMessageParam` of the `openai` SDK (and of any Chat-compatible
 * API), named by what every one of them has, so no `openai` types are needed. `content` is optional, as on an
 * assistant message with `tool_calls`. Types only.
 */
export interface ChatMessageLike {
  /** `system`, `developer`, `user`, `assistant`, `tool` or the legacy `function`. */
  role: string;
  /** Optional, as on an assistant message that only calls tools. */
  content?: unknown;
}
