import type { Message } from '../../types';

/**
 * How masking measures the input of the call at `block` of `message`: the length of its JSON (0 when there is no
 * input or it cannot be serialized). The planner and both replays of masking use this one measure, so the tokens
 * they expect a cleared input to save agree.
 */
export function toolInputChars(message: Message, block: number): number {
  const use = Array.isArray(message.content) ? (message.content[block] as { input?: unknown } | undefined) : undefined;
  if (!use || use.input === undefined) return 0;
  try {
    return JSON.stringify(use.input).length;
  } catch {
    return 0;
  }
}
