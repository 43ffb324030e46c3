import type { Message } from '../types';
import type { FormatDefinition, ValidationProblem } from './format-types';
import { FORMAT_REGISTRY } from './registry';
import type { Provider } from './types';

/** The formats that are an API's own request shape, by id. */
const APIS = new Map<string, NonNullable<FormatDefinition['api']>>();
for (const format of FORMAT_REGISTRY as readonly FormatDefinition[]) if (format.api !== undefined) APIS.set(format.id, format.api);

/**
 * Checks canonical messages the way `provider`'s API would check the request built from them, and returns what it
 * would answer: one problem per offence, each with the index of the offending message in `messages`, a stable rule
 * id (`<provider>/…`) and the API's own error text. An empty list means the API would accept the messages as far as
 * these rules go. The providers are the formats of the registry that have an `api` (each format's folder holds its
 * validator):
 *
 * - Anthropic Messages: consecutive same-role messages are merged first, as the API does.
 * - OpenAI Chat Completions: after `tool_use` → `tool_calls` and `tool_result` → `tool` messages.
 * - OpenAI Responses `input` items: after `tool_use` → `function_call` and `tool_result` → `function_call_output`.
 *
 * Pure and O(n) in the number of blocks; never mutates `messages`. Problems come sorted by `messageIndex`.
 *
 * @throws {TypeError} when `messages` is not an array or `provider` is not a registered API
 */
export function validateMessages(messages: readonly Message[], provider: Provider): ValidationProblem[] {
  if (!Array.isArray(messages)) {
    throw new TypeError(`validateMessages: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  }
  const api = typeof provider === 'string' ? APIS.get(provider) : undefined;
  if (api === undefined) {
    throw new TypeError(`validateMessages: unknown provider ${JSON.stringify(provider)}; expected ${oneOf([...APIS.keys()])}`);
  }
  return api.validate(messages);
}

function oneOf(ids: readonly string[]): string {
  return ids.length <= 1 ? ids.join('') : `${ids.slice(0, -1).join(', ')} or ${ids[ids.length - 1]}`;
}
