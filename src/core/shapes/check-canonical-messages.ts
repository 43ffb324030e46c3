import type { Message } from '../types';
import { foreignShapeError } from './foreign-shape-error';
import { identifyShape } from './identify-shape';

/**
 * The check of every entry point that takes canonical (Anthropic Messages) messages: an array whose messages have
 * role `user` or `assistant` (and `system`, where `allowSystem`: the Anthropic SDK's mid-conversation system
 * messages), holding no part of another API. Throws a `TypeError` naming the index, the role or part type, and the
 * entry point to use instead. Entries that are not objects (a `null`) pass: the core carries malformed input through without
 * crashing.
 * O(parts); reads nothing it does not need.
 *
 * @throws {TypeError} as described
 */
export function checkCanonicalMessages(messages: readonly unknown[], caller: string, allowSystem = false): asserts messages is readonly Message[] {
  if (!Array.isArray(messages)) {
    throw new TypeError(`${caller}: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  }
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Record<string, unknown> | null | undefined;
    if (message === null || typeof message !== 'object' || Array.isArray(message)) continue;
    const shape = identifyShape(message);
    if (shape !== undefined && shape.ecosystem !== 'anthropic-messages') throw foreignShapeError(caller, i, shape);
    const { role } = message;
    if (role === 'user' || role === 'assistant' || (allowSystem && role === 'system')) continue;
    const allowed = allowSystem ? "'user', 'assistant' or 'system'" : "'user' or 'assistant'";
    const hint =
      role === 'system'
        ? 'the system prompt is sent apart, in the request\'s system field'
        : "AI SDK messages go to pruneModelMessages from 'prunescope/ai-sdk', OpenAI ones to 'prunescope/openai'";
    throw new TypeError(`${caller}: messages[${i}].role must be ${allowed}, got ${JSON.stringify(role) ?? 'undefined'}; ${hint}.`);
  }
}
