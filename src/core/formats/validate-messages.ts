import type { Message } from '../types';
import type { Provider, ValidationProblem } from './types';
import { validateAnthropic } from './validate-anthropic';
import { validateOpenAiChat } from './validate-openai-chat';
import { validateOpenAiResponses } from './validate-openai-responses';

/**
 * Checks canonical messages the way `provider`'s API would check the request built from them, and returns what it
 * would answer: one problem per offence, each with the index of the offending message in `messages`, a stable rule
 * id (`anthropic/…`, `openai-chat/…`, `openai-responses/…`) and the API's own error text. An empty list means the
 * API would accept the messages as far as these rules go.
 *
 * - `'anthropic'`: Messages API; consecutive same-role messages are merged first, as the API does (see
 *   `validateAnthropic`).
 * - `'openai-chat'`: Chat Completions, after `tool_use` → `tool_calls` and `tool_result` → `tool` messages (see
 *   `validateOpenAiChat`).
 * - `'openai-responses'`: Responses `input` items, after `tool_use` → `function_call` and `tool_result` →
 *   `function_call_output` (see `validateOpenAiResponses`).
 *
 * Pure and O(n) in the number of blocks; never mutates `messages`. Problems come sorted by `messageIndex`.
 *
 * @throws {TypeError} when `messages` is not an array or `provider` is not one of the three
 */
export function validateMessages(messages: readonly Message[], provider: Provider): ValidationProblem[] {
  if (!Array.isArray(messages)) {
    throw new TypeError(`validateMessages: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  }
  switch (provider) {
    case 'anthropic':
      return validateAnthropic(messages);
    case 'openai-chat':
      return validateOpenAiChat(messages);
    case 'openai-responses':
      return validateOpenAiResponses(messages);
    default:
      throw new TypeError(
        `validateMessages: unknown provider ${JSON.stringify(provider)}; expected anthropic, openai-chat or openai-responses`,
      );
  }
}
