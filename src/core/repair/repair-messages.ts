import type { Message } from '../types';
import { planRepair } from './plan-repair';
import type { RepairOptions, RepairResult } from './types';

/**
 * Repairs what the Anthropic Messages API would reject in a transcript, so it can be sent (or pruned) as is:
 * - whitespace-only and empty text blocks are removed (Claude Code logs `"\n\n"` blocks), and a string content that
 *   is only whitespace;
 * - a `tool_result` that answers no `tool_use` of the assistant turn right before it is removed, as is a second
 *   result for a call already answered;
 * - a `tool_use` no result answers in the next turn is removed, or with `unansweredCalls: 'answer'` answered by an
 *   `is_error` result saying the result was lost, placed right after the call;
 * - results that sit after other content in the user turn are moved to its start;
 * - a `tool_use` in a user message or a `tool_result` in an assistant message is removed (it pairs with nothing);
 * - empty messages and messages left empty are removed (except an empty final assistant message, which the API
 *   accepts), consecutive messages of one role are merged (unless kept apart with `keepApart`), and trailing
 *   whitespace at the end of a final assistant message is trimmed.
 *
 * Calls and results pair by position as `linkToolCalls` pairs them, so a repair never makes a new orphan. Left
 * alone, because no repair is right for every case: `tool_use` ids repeated within one assistant turn (with their
 * results), server tools (`server_tool_use` / `*_tool_result`, paired by the API inside one assistant turn), and
 * content that is neither a string nor a list.
 *
 * `changes` says what was done (`index` is the input message, `rule` the validator rule fixed, or `repair/…`);
 * `origin[k]` is the input index of output message `k` (the first one for a merge; -1 for a message the repair
 * made). Messages it did not change are the very same objects. Never mutates its input; deterministic; idempotent
 * (repairing the output again changes nothing). O(n) per pass in the number of blocks, with one more pass for each
 * message a pass empties (in practice two or three passes).
 *
 * @throws {TypeError} when `messages` is not an array, a message's role is not `user` or `assistant`, or
 *   `options.unansweredCalls` is not `'remove'` or `'answer'`
 * @throws {RangeError} when an `options.keepApart` entry is not an index into `messages`
 */
export function repairMessages(messages: readonly Message[], options: RepairOptions = {}): RepairResult {
  const { messages: repaired, changes, origin } = planRepair(messages, options, 'repairMessages');
  return { messages: repaired, changes, origin };
}
