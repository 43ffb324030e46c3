import type { MessageLike } from '../types';
import type { TokenBudgetPlan, TokenBudgetPlanInput } from './types';
import { resolveContextPrunerConfig } from './resolve-context-pruner-config';
import { selectTokenBudgetCut } from './select-token-budget-cut';
import { completeTokenBudgetPlan } from './complete-token-budget-plan';
import { deriveSummaryId } from './derive-summary-id';
import { SUMMARIZE_RANGE, type RangedSummarize } from '../summary/summary-layout';

/**
 * The counts' sum, each checked. A function of its own so that V8 optimizes it whole: as a loop inside
 * `planTokenBudgetPrune` it was compiled on the stack (OSR) before the code after it had run, and thrown away again at
 * that code on every plan.
 */
function checkedSum(tokenCounts: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < tokenCounts.length; i++) {
    const tokens = tokenCounts[i] as number;
    if (!(tokens >= 0) || !Number.isFinite(tokens)) {
      throw new RangeError(`planTokenBudgetPrune: tokenCounts[${i}] must be a finite count ≥ 0, got ${String(tokens)}`);
    }
    sum += tokens;
  }
  return sum;
}

/**
 * The token-budget strategy as a synchronous plan, for the inspector and the CLI: which messages are kept, which
 * are summarized, where the summary goes and its text, the urgency, and tokens before and after. It is the very
 * plan `ContextPruner.prune` carries out (both run `selectTokenBudgetCut` and `completeTokenBudgetPlan`); see
 * `selectTokenBudgetCut` for the rules; the token-budget strategy turns it into a plan for `applyPrunePlan`.
 *
 * Nothing changes (`pruned: false`, every message kept, a `reason`) at or below the soft limit, when no message
 * can be summarized, or when the summary would not make the messages smaller. `summarize` is called at most once,
 * with the summarized messages in order. O(n) besides `summarize` (and `groupMessages` when `groups` is not given).
 *
 * The summary id hashes the summarized messages' `id` fields, or their indices where they have none.
 *
 * @throws {TypeError} when `messages` is not an array, `summarize` is not a function or returns a non-string, or
 *   a config field has the wrong type
 * @throws {RangeError} when `tokenCounts` does not have one finite count ≥ 0 per message, `totalTokens` is
 *   negative or not finite, a `pinned` index is not an index of `messages`, or a config value is out of range
 */
export function planTokenBudgetPrune(input: TokenBudgetPlanInput): TokenBudgetPlan {
  const { messages, tokenCounts, summarize } = input;
  if (!Array.isArray(messages)) throw new TypeError(`planTokenBudgetPrune: messages must be an array, got ${typeof messages}`);
  if (typeof summarize !== 'function') {
    throw new TypeError(`planTokenBudgetPrune: summarize must be a function (turns, taskContext) => string, got ${typeof summarize}`);
  }
  const config = resolveContextPrunerConfig(input.config);
  const n = messages.length;
  if (tokenCounts === null || typeof tokenCounts !== 'object' || tokenCounts.length !== n) {
    throw new RangeError(
      `planTokenBudgetPrune: tokenCounts must hold one count per message (${n}), got ${tokenCounts?.length ?? String(tokenCounts)}`,
    );
  }
  const sum = checkedSum(tokenCounts);
  const totalTokens = input.totalTokens ?? sum;
  if (typeof totalTokens !== 'number' || !Number.isFinite(totalTokens) || totalTokens < 0) {
    throw new RangeError(`planTokenBudgetPrune: totalTokens must be a finite count ≥ 0, got ${String(totalTokens)}`);
  }
  const pinned = new Uint8Array(n);
  for (const index of input.pinned ?? []) {
    if (!Number.isInteger(index) || index < 0 || index >= n) {
      throw new RangeError(`planTokenBudgetPrune: pinned index ${String(index)} is not an index of the ${n} messages`);
    }
    pinned[index] = 1;
  }

  const cut = selectTokenBudgetCut(messages, tokenCounts, pinned, totalTokens, config, input.groups, false, sum);
  if (cut.reason !== undefined) return completeTokenBudgetPlan(cut, undefined, config.counter, undefined);
  const { summarized } = cut;
  const taskContext = input.taskContext ?? '';
  const first = summarized[0] as number;
  const count = summarized.length;
  // One run (all between the pinned prefix and the tail, nearly always) read where it is by an extractive summarizer.
  const ranged = (summarize as RangedSummarize)[SUMMARIZE_RANGE];
  const text = ranged !== undefined && (summarized[count - 1] as number) - first === count - 1
    ? ranged(messages, first, first + count, taskContext)
    : summarize(summarizedTurns(messages, summarized), taskContext);
  if (typeof text !== 'string') throw new TypeError(`planTokenBudgetPrune: summarize must return a string, got ${typeof text}`);
  return completeTokenBudgetPlan(cut, text, config.counter, deriveSummaryId(summaryIds(messages, summarized)));
}

/**
 * The summarized messages in order. Nearly always one run (all between the pinned prefix and the tail), copied by
 * `slice` at once; else sized up front, as 100k pushes would grow (and copy) the array a dozen times.
 */
function summarizedTurns(messages: readonly MessageLike[], summarized: Int32Array): MessageLike[] {
  const count = summarized.length;
  const first = summarized[0] as number;
  if (count > 0 && (summarized[count - 1] as number) - first === count - 1) return messages.slice(first, first + count);
  const turns = new Array<MessageLike>(count);
  for (let k = 0; k < count; k++) turns[k] = messages[summarized[k] as number] as MessageLike;
  return turns;
}

/** Per summarized message its `id`, or its index where it has none: the indices themselves when no message has one. */
function summaryIds(messages: readonly MessageLike[], summarized: Int32Array): ArrayLike<string | number> {
  let k = 0;
  while (k < summarized.length && typeof (messages[summarized[k] as number] as { id?: unknown }).id !== 'string') k++;
  if (k === summarized.length) return summarized;
  const ids = new Array<string | number>(summarized.length);
  for (let j = 0; j < summarized.length; j++) {
    const index = summarized[j] as number;
    const id = (messages[index] as { id?: unknown }).id;
    ids[j] = typeof id === 'string' ? id : index;
  }
  return ids;
}
