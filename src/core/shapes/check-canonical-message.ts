import { foreignShapeError } from './foreign-shape-error';
import { identifyShape } from './identify-shape';
import { isForeignPartType } from './is-foreign-part-type';

/**
 * `checkCanonicalMessages`' rule for the message at `index`: throws the same `TypeError` it throws there. Apart, so a
 * strategy that reads every message anyway can check each one as it reads it (`pruneMessages`' importance path): a
 * second pass over 100k messages costs as much as the first, since both wait on memory, not on the tests. With
 * `partsApart`, the message's parts are left to `checkCanonicalPart`, called by a caller that reads each part's type
 * anyway (the scan): together they throw what this throws alone.
 *
 * @throws {TypeError} for another API's message or a role the entry point does not take
 */
export function checkCanonicalMessage(
  message: unknown,
  index: number,
  caller: string,
  allowSystem: boolean,
  seen?: { system: boolean },
  partsApart = false,
): void {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return;
  const { role } = message as Record<string, unknown>;
  const roleAllowed = role === 'user' || role === 'assistant' || (allowSystem && role === 'system');
  // A message of an allowed role is read for what only another API has before the full identification: most
  // messages show nothing, and this runs on every message of every call (sliding window reads nothing else of the
  // messages it drops).
  if (!roleAllowed || mayBeForeign(message as Record<string, unknown>, partsApart)) {
    const shape = identifyShape(message);
    if (shape !== undefined && shape.ecosystem !== 'anthropic-messages') throw foreignShapeError(caller, index, shape);
  }
  if (roleAllowed) {
    if (role === 'system' && seen !== undefined) seen.system = true;
    return;
  }
  const allowed = allowSystem ? "'user', 'assistant' or 'system'" : "'user' or 'assistant'";
  const hint =
    role === 'system'
      ? 'the system prompt is sent apart, in the request\'s system field'
      : "AI SDK messages go to pruneModelMessages from 'prunescope/ai-sdk', OpenAI ones to 'prunescope/openai'";
  throw new TypeError(`${caller}: messages[${index}].role must be ${allowed}, got ${JSON.stringify(role) ?? 'undefined'}; ${hint}.`);
}

/**
 * Whether a message of role user, assistant or system shows anything `identifyShape` reads as another API's: a
 * superset of its evidence for those roles (Chat's call fields, a part type only another API has); the fields only,
 * when the parts are checked apart.
 */
function mayBeForeign(message: Record<string, unknown>, partsApart: boolean): boolean {
  if (message.tool_calls !== undefined || message.function_call !== undefined || typeof message.tool_call_id === 'string') return true;
  const { content } = message;
  if (partsApart || !Array.isArray(content)) return false;
  for (let k = 0; k < content.length; k++) {
    const part: unknown = content[k];
    const type = part !== null && typeof part === 'object' ? (part as { type?: unknown }).type : undefined;
    if (type === 'text' || type === 'tool_use' || type === 'tool_result' || typeof type !== 'string') continue;
    if (isForeignPartType(type)) return true;
  }
  return false;
}
