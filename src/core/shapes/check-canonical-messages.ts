import type { Message } from '../types';
import { foreignShapeError } from './foreign-shape-error';
import { identifyShape } from './identify-shape';
import { isForeignPartType } from './is-foreign-part-type';

/**
 * The check of every entry point that takes canonical (Anthropic Messages) messages: an array whose messages have
 * role `user` or `assistant` (and `system`, where `allowSystem`: the Anthropic SDK's mid-conversation system
 * messages), holding no part of another API. Throws a `TypeError` naming the index, the role or part type, and the
 * entry point to use instead. Entries that are not objects (a `null`) pass: the core carries malformed input through without
 * crashing.
 * O(parts); reads nothing it does not need. `seen.system` is set when a system message is met (so a caller that
 * treats them apart needs no pass of its own).
 *
 * @throws {TypeError} as described
 */
export function checkCanonicalMessages(
  messages: readonly unknown[],
  caller: string,
  allowSystem = false,
  seen?: { system: boolean },
): asserts messages is readonly Message[] {
  if (!Array.isArray(messages)) {
    throw new TypeError(`${caller}: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  }
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Record<string, unknown> | null | undefined;
    if (message === null || typeof message !== 'object' || Array.isArray(message)) continue;
    const { role } = message;
    const roleAllowed = role === 'user' || role === 'assistant' || (allowSystem && role === 'system');
    // A message of an allowed role is read for what only another API has before the full identification: most
    // messages show nothing, and this runs on every message of every call (sliding window reads nothing else of the
    // messages it drops).
    if (!roleAllowed || mayBeForeign(message)) {
      const shape = identifyShape(message);
      if (shape !== undefined && shape.ecosystem !== 'anthropic-messages') throw foreignShapeError(caller, i, shape);
    }
    if (roleAllowed) {
      if (role === 'system' && seen !== undefined) seen.system = true;
      continue;
    }
    const allowed = allowSystem ? "'user', 'assistant' or 'system'" : "'user' or 'assistant'";
    const hint =
      role === 'system'
        ? 'the system prompt is sent apart, in the request\'s system field'
        : "AI SDK messages go to pruneModelMessages from 'prunescope/ai-sdk', OpenAI ones to 'prunescope/openai'";
    throw new TypeError(`${caller}: messages[${i}].role must be ${allowed}, got ${JSON.stringify(role) ?? 'undefined'}; ${hint}.`);
  }
}

/**
 * Whether a message of role user, assistant or system shows anything `identifyShape` reads as another API's: a
 * superset of its evidence for those roles (Chat's call fields, a part type only another API has).
 */
function mayBeForeign(message: Record<string, unknown>): boolean {
  if (message.tool_calls !== undefined || message.function_call !== undefined || typeof message.tool_call_id === 'string') return true;
  const { content } = message;
  if (!Array.isArray(content)) return false;
  for (const part of content) {
    const type = part !== null && typeof part === 'object' ? (part as { type?: unknown }).type : undefined;
    if (type === 'text' || type === 'tool_use' || type === 'tool_result' || typeof type !== 'string') continue;
    if (isForeignPartType(type)) return true;
  }
  return false;
}
