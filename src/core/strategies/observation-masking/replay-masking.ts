import type { Message } from '../../types';
import { createTouchedMessages } from '../../edits/create-touched-messages';
import { resultPlaceholder } from './result-placeholder';
import { maskMessage } from './mask-message';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentShapes } from '../../requests/sent-types';
import { replayMessageEdits } from '../../edits/replay-message-edits';
import { buildMaskingIndex, type MaskingIndex } from './masking-index';
import type { ObservationMaskingSettings } from './plan-observation-masking';
import { maskingCountsAreFixed } from './masking-counts-are-fixed';
import { replayExact } from '../../requests/replay-exact';
import { firstTrue } from '../../plan/first-true';

/**
 * Observation masking, stateless, in O(log n) per request plus the messages whose masking changed. A request clears
 * the first K results that may be cleared (`MaskingIndex`): all of those older than the last `keepRecent`, or under
 * a budget only as many as bring the history within it. Between two requests only the results between the two K
 * change, so only their messages are masked anew (`replayMessageEdits`: a Fenwick tree over each masked message's
 * difference in tokens gives the total and the shared prefix). Masking rewrites old messages, so most requests that
 * clear a result rewrite the prefix from there (the cost the replay is meant to show).
 *
 * The index needs every result message (and call message, when inputs are cleared) to count the same in every
 * turn, as tool results do; otherwise the strategy is planned afresh before every request (`replayExact`).
 */
export function replayMasking(context: ReplayContext, planner: ReplayPlanner<ObservationMaskingSettings>): SentShapes {
  const { counts, counter, messages } = context;
  const { settings } = planner;
  if (counts.varies && !maskingCountsAreFixed(context, settings)) return replayExact(context, planner);
  const placeholderTokens = counter.count(resultPlaceholder(12_345, 123_456));
  return replayMessageEdits(context, (s) => {
    const index = buildMaskingIndex(context.segment(s), s, settings, counts, placeholderTokens);
    const { results, eligible } = index;
    let resultsSeen = 0;
    let old = 0;
    let cleared = 0;
    const touched = createTouchedMessages(context.segment(s).count);
    return ({ n, total }, edit) => {
      while (resultsSeen < results.count && (results.message[resultsSeen] as number) < n) resultsSeen++;
      const firstRecent = Math.max(0, resultsSeen - settings.keepRecent);
      // Eligible results older than the recent ones: a count that only grows within a context, as the history does.
      while (old < eligible.length && (eligible[old] as number) < firstRecent) old++;
      const target = settings.maxTokens === Infinity ? old : clearedUnderBudget(index, old, total, settings.maxTokens);
      if (target === cleared) return;
      touched.begin();
      for (let e = Math.min(target, cleared); e < Math.max(target, cleared); e++) {
        const r = eligible[e] as number;
        touched.touch(results.message[r] as number);
        const call = results.callMessage[r] as number;
        if (settings.clearToolInputs && call >= 0) touched.touch(call);
      }
      cleared = target;
      for (let k = 0; k < touched.count; k++) {
        const m = touched.list[k] as number;
        edit(m, maskedDifference(index, m, cleared, s, messages, counter, counts, settings.clearToolInputs));
      }
    };
  });
}

/**
 * How many of the old eligible results a budget clears: masking clears them in order while the total is over the
 * budget, subtracting each saving in turn. Prefix sums find the answer; where rounding could put it on the other
 * side of the budget, the subtraction is done exactly as masking does it.
 */
function clearedUnderBudget(index: MaskingIndex, old: number, total: number, budget: number): number {
  const { sums, saving, inputSaving } = index;
  const lo = firstTrue(old, (j) => total - (sums[j] as number) <= budget);
  const slack = 1e-7 * Math.max(1, Math.abs(total), Math.abs(budget));
  const near = (j: number) => j >= 0 && j <= old && Math.abs(total - (sums[j] as number) - budget) <= slack;
  if (!near(lo) && !near(lo - 1)) return lo;
  let sent = total;
  for (let e = 0; e < old; e++) {
    if (sent <= budget) return e;
    sent -= saving[e] as number;
    sent -= inputSaving[e] as number;
  }
  return old;
}

/** A message's tokens as masked with the first `cleared` eligible results cleared, less its own (undefined: not masked). */
function maskedDifference(
  index: MaskingIndex,
  m: number,
  cleared: number,
  start: number,
  messages: readonly Message[],
  counter: ReplayContext['counter'],
  counts: ReplayContext['counts'],
  clearInputs: boolean,
): number | undefined {
  const { results, eligible, resultTokens, holds, calls } = index;
  const blocks: { block: number; tokens: number }[] = [];
  for (let k = holds.start[m] as number; k < (holds.start[m + 1] as number); k++) {
    const e = holds.order[k] as number;
    if (e >= cleared) break;
    const r = eligible[e] as number;
    blocks.push({ block: results.block[r] as number, tokens: resultTokens[r] as number });
  }
  const inputs: number[] = [];
  if (clearInputs) {
    for (let k = calls.start[m] as number; k < (calls.start[m + 1] as number); k++) {
      const e = calls.order[k] as number;
      if (e >= cleared) break;
      inputs.push(results.callBlock[eligible[e] as number] as number);
    }
  }
  if (blocks.length === 0 && inputs.length === 0) return undefined;
  const masked = maskMessage(messages[start + m] as Message, blocks, inputs);
  // Counted directly: a key of its JSON, to share counts between requests, would cost more than counting.
  return (countMessageTokens([masked], counter)[0] as number) - counts.count(start + m, 0);
}
