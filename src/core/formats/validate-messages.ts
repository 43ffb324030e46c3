import type { Message } from '../types';
import type { FormatDefinition, ValidationProblem } from './format-types';
import { FORMAT_REGISTRY } from './registry';
import type { Provider } from './types';
import { identifyShape } from '../shapes/identify-shape';
import { foreignShapeError } from '../shapes/foreign-shape-error';
import { checkCanonicalMessages } from '../shapes/check-canonical-messages';
import { responsesView } from '../shapes/responses-view';

// Built by calls marked pure, not by a loop at the top level: the package's bundle puts this module in a chunk
// `pruneMessages` shares, and a top-level loop is a side effect a bundler must keep, with every format it reads.
/** The formats that are an API's own request shape, by id. */
const APIS = /* @__PURE__ */ apiFormats();
/** The provider whose API takes an SDK shape as it is, for the error that points there. */
const PROVIDER_OF_SHAPE = /* @__PURE__ */ providersByShape(APIS);

function apiFormats(): Map<string, NonNullable<FormatDefinition['api']>> {
  const apis = new Map<string, NonNullable<FormatDefinition['api']>>();
  for (const format of FORMAT_REGISTRY as readonly FormatDefinition[]) if (format.api !== undefined) apis.set(format.id, format.api);
  return apis;
}

function providersByShape(apis: ReadonlyMap<string, NonNullable<FormatDefinition['api']>>): Map<string, string> {
  return new Map([...apis].map(([id, api]) => [api.shape, id]));
}

/**
 * Checks messages the way `provider`'s API would check the request built from them, and returns what it would
 * answer: one problem per offence, each with the index of the offending message in `messages`, a stable rule id
 * (`<provider>/…`) and the API's own error text. An empty list means the API would accept the messages as far as
 * these rules go. The providers are the formats of the registry that have an `api` (each format's folder holds its
 * validator):
 *
 * - Anthropic Messages: consecutive same-role messages are merged first, as the API does. Mid-conversation `system`
 *   messages (the Anthropic SDK's) are passed over.
 * - OpenAI Chat Completions: real Chat messages as they are (`tool_calls`, `tool` messages, `system` / `developer`),
 *   or canonical ones after `tool_use` → `tool_calls` and `tool_result` → `tool` messages.
 * - OpenAI Responses `input` items: real items as they are (`function_call`, `function_call_output`, …), or
 *   canonical messages after `tool_use` → `function_call` and `tool_result` → `function_call_output`.
 *
 * Pure and O(n) in the number of blocks; never mutates `messages`. Problems come sorted by `messageIndex`.
 *
 * @throws {TypeError} when `messages` is not an array, holds messages of an API other than `provider`'s (naming the
 *   index and what to use instead), or `provider` is not a registered API
 */
export function validateMessages(messages: readonly Message[], provider: Provider): ValidationProblem[] {
  if (!Array.isArray(messages)) {
    throw new TypeError(`validateMessages: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  }
  const api = typeof provider === 'string' ? APIS.get(provider) : undefined;
  if (api === undefined) {
    throw new TypeError(`validateMessages: unknown provider ${JSON.stringify(provider)}; expected ${oneOf([...APIS.keys()])}`);
  }
  const shapes = messages.map(identifyShape);
  // Responses input has developer messages too: they tell nothing there.
  const developer = (i: number) => api.shape === 'responses-input' && (messages[i] as { role?: unknown } | null)?.role === ('developer' as unknown);
  shapes.forEach((shape, i) => {
    if (shape === undefined || shape.ecosystem === api.shape || shape.ecosystem === 'anthropic-messages' || developer(i)) return;
    const other = PROVIDER_OF_SHAPE.get(shape.ecosystem);
    throw foreignShapeError('validateMessages', i, shape, 'messages', other === undefined ? undefined : `validateMessages(messages, '${other}')`);
  });
  if (api.shape === 'chat-completions') return api.validate(messages);
  if (api.shape === 'responses-input' && shapes.some((shape, i) => shape?.ecosystem === 'responses-input' || developer(i))) {
    const view = responsesView(messages, 'validateMessages');
    return api.validate(view.messages).map((problem) => ({ ...problem, messageIndex: view.first[problem.messageIndex] as number }));
  }
  checkCanonicalMessages(messages, 'validateMessages', true);
  const kept: number[] = [];
  messages.forEach((message, i) => {
    if ((message as { role?: unknown } | null)?.role !== ('system' as unknown)) kept.push(i);
  });
  if (kept.length === messages.length) return api.validate(messages);
  return api.validate(kept.map((i) => messages[i] as Message)).map((problem) => ({ ...problem, messageIndex: kept[problem.messageIndex] as number }));
}

function oneOf(ids: readonly string[]): string {
  return ids.length <= 1 ? ids.join('') : `${ids.slice(0, -1).join(', ')} or ${ids[ids.length - 1]}`;
}
