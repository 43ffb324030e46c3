import type { Message, MessageLike } from '../types';
import { groupMessages, type MessageGroups } from '../links/group-messages';
import { FATE } from '../plan/fate';
import type { PruneSkipReason, PruneUrgency } from './types';
import type { ResolvedContextPrunerConfig } from './resolve-context-pruner-config';
import { urgencyForTokens } from './urgency-for-tokens';
import { isContextSummary } from '../summary/is-context-summary';
import { findTaskIndex } from './find-task-index';
import { findSummaryPosition } from './find-summary-position';

/** Which messages a token-budget prune summarizes, before the summarizer has run. */
export interface TokenBudgetCut {
  urgency: PruneUrgency;
  /** Per message: `FATE.kept` or `FATE.summarized`; all kept when `reason` is set. */
  fates: Uint8Array;
  summarized: Int32Array;
  /** The summary goes before this input index (`findSummaryPosition`); -1 when nothing is summarized. */
  summaryBefore: number;
  /** The window's tokens: the larger of `totalTokens` and the messages' sum. */
  tokensBefore: number;
  /** Tokens of what is kept, the overhead (total less the messages' sum) included; the summary's not yet. */
  keptTokens: number;
  reason?: Extract<PruneSkipReason, 'below-soft-limit' | 'no-candidates'>;
  detail?: string;
}

/**
 * Each group's last message, and which groups hold a pin: one pass over the groups for both (at 100k messages every
 * pass counts). A function of its own so that V8 optimizes it whole: as a loop inside `selectTokenBudgetCut` it was
 * compiled on the stack (OSR) before the code after it had run, and that code threw it away again on every plan.
 */
function markGroupEnds(groupOf: ArrayLike<number>, pinned: Uint8Array, groupLast: Int32Array, pinnedGroup: Uint8Array): void {
  for (let i = 0; i < groupOf.length; i++) {
    const group = groupOf[i] as number;
    groupLast[group] = i;
    if (pinned[i] === 1) pinnedGroup[group] = 1;
  }
}

/**
 * The selection of seed 003, on arrays, shared by `ContextPruner.prune`, `selectTurnsForSummarization` and
 * `planTokenBudgetPrune` so that they cannot disagree. O(n) (plus `groupMessages` when `groups` is not given).
 *
 * Regions, each made of whole tool groups (messages linked by tool ids are kept or summarized together):
 * - the pinned prefix: the first `pinnedPrefixTurns` messages, cut before an earlier summary turn (so a summary
 *   is never pinned and summaries never pile up), widened to the end of every group it touches;
 * - the recent tail: the last `recentTailTurns` messages, widened back to the start of every group it touches;
 * - the middle: everything between. Its messages are summarized unless pinned (`pinned` flags, the task with
 *   `pinTask`), a pin holding its whole group.
 *
 * Above the hard limit pruning is forced: while what is kept exceeds the soft limit, the tail gives up its oldest
 * group to the middle, down to the group of the last message, which is always kept. Pinned messages stay.
 * `ignoreLimits` selects as if a prune were due (soft at least), for previews. `tokenSum`, the sum of `tokenCounts`
 * in order, may be passed by a caller that has summed them already.
 */
export function selectTokenBudgetCut(
  messages: readonly MessageLike[],
  tokenCounts: ArrayLike<number>,
  pinned: Uint8Array,
  totalTokens: number,
  config: ResolvedContextPrunerConfig,
  groups?: MessageGroups,
  ignoreLimits = false,
  tokenSum?: number,
): TokenBudgetCut {
  const n = messages.length;
  let sum = 0;
  if (tokenSum !== undefined) sum = tokenSum;
  else for (let i = 0; i < n; i++) sum += tokenCounts[i] as number;
  const overhead = Math.max(0, totalTokens - sum);
  const tokensBefore = overhead + sum;
  const fates = new Uint8Array(n);
  const urgency = urgencyForTokens(totalTokens, config.softLimitTokens, config.hardLimitTokens);
  const unchanged = (reason: TokenBudgetCut['reason'], detail: string): TokenBudgetCut => ({
    urgency,
    fates: new Uint8Array(n),
    summarized: new Int32Array(0),
    summaryBefore: -1,
    tokensBefore,
    keptTokens: tokensBefore,
    reason,
    detail,
  });
  if (urgency === 'none' && !ignoreLimits) {
    return unchanged('below-soft-limit', `${totalTokens} tokens is within the soft limit of ${config.softLimitTokens}`);
  }
  if (n === 0) return unchanged('no-candidates', 'the window has no turns');

  // groupMessages reads only `content`, which every MessageLike has.
  const { groupOf, groupFirst } = groups ?? groupMessages(messages as readonly Message[]);
  if (groupOf.length !== n) {
    throw new RangeError(`selectTokenBudgetCut: groups are for ${groupOf.length} messages but ${n} were given`);
  }
  const groupCount = groupFirst.length;
  const groupLast = new Int32Array(groupCount);
  // Pins hold their whole group.
  const pinnedGroup = new Uint8Array(groupCount);
  markGroupEnds(groupOf, pinned, groupLast, pinnedGroup);

  let prefixEnd = Math.min(config.pinnedPrefixTurns, n);
  for (let i = 0; i < prefixEnd; i++) {
    if (isContextSummary((messages[i] as MessageLike).content)) {
      prefixEnd = i;
      break;
    }
  }
  for (let i = 0; i < prefixEnd; i++) {
    const end = (groupLast[groupOf[i] as number] as number) + 1;
    if (end > prefixEnd) prefixEnd = end;
  }

  if (config.pinTask) {
    const task = findTaskIndex(messages);
    if (task >= 0) pinnedGroup[groupOf[task] as number] = 1;
  }

  const suffixStart = (target: number): number => {
    let cut = n - target;
    for (let i = n - 1; i >= cut; i--) {
      const first = groupFirst[groupOf[i] as number] as number;
      if (first < cut) cut = first;
    }
    return Math.max(cut, prefixEnd);
  };
  let tailStart = suffixStart(Math.min(config.recentTailTurns, n));
  const floorStart = suffixStart(1);

  let keptTokens = tokensBefore;
  // The summarized indices as they are fated: ranges come in increasing order, so they are in order already; written
  // here, beside the subtractions (a chain that waits on each one), they cost nothing, where two more passes over
  // the fates (count, then fill) did. The running count and tokens are the loop's own locals, written back once: a
  // captured number is a context slot, and a fractional one was boxed anew at each of 100k subtractions.
  // Sized for the most that can be summarized (to the floor when the tail may give groups up), so that the common
  // prune, with nothing pinned in the middle, fills it exactly and it is the answer as it is: no copy of 100k indices.
  const order = new Int32Array((urgency === 'hard' ? Math.max(tailStart, floorStart) : tailStart) - prefixEnd);
  let count = 0;
  const summarizeRange = (from: number, to: number): void => {
    let c = count;
    let kept = keptTokens;
    for (let i = from; i < to; i++) {
      if (pinnedGroup[groupOf[i] as number] === 1) continue;
      fates[i] = FATE.summarized;
      order[c++] = i;
      kept -= tokenCounts[i] as number;
    }
    count = c;
    keptTokens = kept;
  };
  summarizeRange(prefixEnd, tailStart);

  if (urgency === 'hard') {
    while (keptTokens > config.softLimitTokens && tailStart < floorStart) {
      // The next suffix start that no group crosses: where every group begun since tailStart has ended.
      let reach = -1;
      let next = tailStart;
      for (;;) {
        const end = groupLast[groupOf[next] as number] as number;
        if (end > reach) reach = end;
        if (reach === next) break;
        next++;
      }
      summarizeRange(tailStart, next + 1);
      tailStart = next + 1;
    }
  }

  let fresh = 0;
  // One turn that is not an earlier summary is enough; the check is not needed past it.
  for (let k = 0; k < count && fresh === 0; k++) if (!isContextSummary((messages[order[k] as number] as MessageLike).content)) fresh++;
  if (fresh === 0) {
    const why =
      count > 0
        ? 'only an earlier summary lies between the pinned turns and the recent tail'
        : `no unpinned turn lies between the pinned prefix (${prefixEnd} turns) and the recent tail (the last ${n - tailStart})`;
    return unchanged('no-candidates', why);
  }
  const summarized = count === order.length ? order : order.slice(0, count);
  return {
    urgency,
    fates,
    summarized,
    summaryBefore: findSummaryPosition({ groupOf, groupFirst }, fates),
    tokensBefore,
    keptTokens,
  };
}
