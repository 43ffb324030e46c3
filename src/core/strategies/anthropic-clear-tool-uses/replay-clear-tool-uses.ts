import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentShapes } from '../../requests/sent-types';
import { replayExact } from '../../requests/replay-exact';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import { replaceToolBlocks } from '../../compaction/replace-tool-blocks';
import { createFenwick, type Fenwick } from '../observation-masking/create-fenwick';
import { createMaskedShapes } from '../observation-masking/create-masked-shapes';
import type { ClearToolUsesSettings } from './plan-clear-tool-uses';
import { clearableResults, type ClearableResults } from './clearable-results';

/**
 * Clear tool uses, stateless (and so live: the API applies it), in O(log n) per request plus the messages whose form
 * changed. The results it may clear are fixed per context (`clearableResults`), in order; a request clears the
 * first K of them: those older than the last `keep` uses when the trigger fires (fewer in `stop-at` mode, once
 * `clear_at_least` is freed), none when it does not or the gate holds it back. Between two requests only the results
 * between the two K change, and only their messages (and their calls', when inputs are cleared) are written anew;
 * each edited message's difference in tokens sits in a Fenwick tree, as in masking's replay. A message whose count
 * differs between turns would change its share with the turn: then every request is planned (`replayExact`).
 */
export function replayClearToolUses(context: ReplayContext, planner: ReplayPlanner<ClearToolUsesSettings>): SentShapes {
  const { requests, counts, counter, messages } = context;
  const { settings } = planner;
  const byStart = new Map<number, ClearableResults>();
  for (const s of new Set(requests.contextStart)) {
    const found = clearableResults(context, s, settings);
    if (found === undefined) return replayExact(context, planner);
    byStart.set(s, found);
  }
  const recorder = createMaskedShapes(requests.count, counts);
  let start = -1;
  let index = byStart.values().next().value as ClearableResults;
  let tree: Fenwick = createFenwick(0);
  let masked = new Set<number>();
  let seen = 0;
  let qualifying = 0;
  let uses = 0;
  let old = 0;
  let cleared = 0;
  for (let r = 0; r < requests.count; r++) {
    const s = requests.contextStart[r] as number;
    const end = requests.messageIndex[r] as number;
    const turnStart = requests.turnStart[r] as number;
    const n = end - s;
    let fresh = false;
    if (s !== start) {
      start = s;
      index = byStart.get(s) as ClearableResults;
      tree = createFenwick(context.segment(s).count);
      masked = new Set();
      seen = qualifying = uses = old = cleared = 0;
      fresh = true;
    }
    const { results, candidates, position, sums } = index;
    for (; seen < results.count && (results.message[seen] as number) < n; seen++) {
      if ((results.callMessage[seen] as number) < 0) continue;
      uses++;
      if (index.countsTowardKeep[seen] === 1) qualifying++;
    }
    while (old < candidates.length && (position[old] as number) < qualifying - settings.keep) old++;
    const total = counts.sum(s, end, turnStart);
    const fires = settings.triggerType === 'input_tokens' ? settings.request.fixedTokens + total > settings.trigger : uses > settings.trigger;
    let target = 0;
    if (fires) {
      const stop = settings.clearAtLeastMode === 'stop-at' && settings.clearAtLeast > 0 ? firstReaching(sums, old, settings.clearAtLeast) : old;
      const gated = settings.clearAtLeast > 0 && (sums[stop] as number) < settings.clearAtLeast;
      target = stop > 0 && !gated ? stop : 0;
    }
    let changedAt = Infinity;
    if (target !== cleared) {
      const touched = new Set<number>();
      for (let e = Math.min(target, cleared); e < Math.max(target, cleared); e++) {
        touched.add(results.message[candidates[e] as number] as number);
        if (index.clearsInput[e] === 1) touched.add(results.callMessage[candidates[e] as number] as number);
      }
      cleared = target;
      for (const m of touched) {
        const edited = editedForm(messages[s + m] as Message, m, cleared, index, settings.placeholder);
        if (edited === undefined) {
          tree.set(m, 0);
          masked.delete(m);
        } else {
          tree.set(m, (countMessageTokens([edited], counter)[0] as number) - counts.count(s + m, 0));
          masked.add(m);
        }
        if (s + m < recorder.previousEnd) changedAt = Math.min(changedAt, s + m);
      }
    }
    const responseMasked = masked.has(recorder.previousEnd - s);
    recorder.record(r, { start: s, fresh, end, turnStart, total: total + tree.prefix(n), changedAt, responseMasked }, tree);
  }
  return recorder.shapes;
}

/** The fewest of the first `old` candidates whose savings reach `least` (`old` when they never do): where `stop-at` stops. */
function firstReaching(sums: Float64Array, old: number, least: number): number {
  let lo = 0;
  let hi = old;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sums[mid] as number) >= least) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Message m with the first `cleared` candidates' edits that fall in it, as the plan's replacement writes it; undefined when none does. */
function editedForm(message: Message, m: number, cleared: number, index: ClearableResults, placeholder: string): Message | undefined {
  const { results, candidates } = index;
  const edits: { block: number; text: string }[] = [];
  for (const e of index.holds.get(m) ?? []) if (e < cleared) edits.push({ block: results.block[candidates[e] as number] as number, text: placeholder });
  const inputs: number[] = [];
  for (const e of index.calls.get(m) ?? []) if (e < cleared) inputs.push(results.callBlock[candidates[e] as number] as number);
  if (edits.length === 0 && inputs.length === 0) return undefined;
  return replaceToolBlocks(message, { results: edits, inputs });
}
