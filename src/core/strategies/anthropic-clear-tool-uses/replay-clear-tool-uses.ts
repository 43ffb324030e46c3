import type { Message } from '../../types';
import { createTouchedMessages } from '../../edits/create-touched-messages';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentShapes } from '../../requests/sent-types';
import { replayExact } from '../../requests/replay-exact';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import { replaceToolBlocks } from '../../compaction/replace-tool-blocks';
import { replayMessageEdits } from '../../edits/replay-message-edits';
import type { ClearToolUsesSettings } from './plan-clear-tool-uses';
import { clearableResults, type ClearableResults } from './clearable-results';
import { firstTrue } from '../../plan/first-true';

/**
 * Clear tool uses, stateless (and so live: the API applies it), in O(log n) per request plus the messages whose form
 * changed. The results it may clear are fixed per context (`clearableResults`), in order; a request clears the
 * first K of them: those older than the last `keep` uses when the trigger fires (fewer in `stop-at` mode, once
 * `clear_at_least` is freed), none when it does not or the gate holds it back. Between two requests only the results
 * between the two K change, and only their messages (and their calls', when inputs are cleared) are written anew;
 * the shapes are `replayMessageEdits`'. A message whose count
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
  return replayMessageEdits(context, (s) => {
    const index = byStart.get(s) as ClearableResults;
    const { results, candidates, position, sums } = index;
    let seen = 0;
    let qualifying = 0;
    let uses = 0;
    let old = 0;
    let cleared = 0;
    const touched = createTouchedMessages(context.segment(s).count);
    return ({ n, total }, edit) => {
      for (; seen < results.count && (results.message[seen] as number) < n; seen++) {
        if ((results.callMessage[seen] as number) < 0) continue;
        uses++;
        if (index.countsTowardKeep[seen] === 1) qualifying++;
      }
      while (old < candidates.length && (position[old] as number) < qualifying - settings.keep) old++;
      const fires = settings.triggerType === 'input_tokens' ? settings.request.fixedTokens + total > settings.trigger : uses > settings.trigger;
      let target = 0;
      if (fires) {
        const stop = settings.clearAtLeastMode === 'stop-at' && settings.clearAtLeast > 0 ? firstTrue(old, (j) => (sums[j] as number) >= settings.clearAtLeast) : old;
        const gated = settings.clearAtLeast > 0 && (sums[stop] as number) < settings.clearAtLeast;
        target = stop > 0 && !gated ? stop : 0;
      }
      if (target === cleared) return;
      touched.begin();
      for (let e = Math.min(target, cleared); e < Math.max(target, cleared); e++) {
        touched.touch(results.message[candidates[e] as number] as number);
        if (index.clearsInput[e] === 1) touched.touch(results.callMessage[candidates[e] as number] as number);
      }
      cleared = target;
      for (let k = 0; k < touched.count; k++) {
        const m = touched.list[k] as number;
        const form = editedForm(messages[s + m] as Message, m, cleared, index, settings.placeholder);
        edit(m, form === undefined ? undefined : (countMessageTokens([form], counter)[0] as number) - counts.count(s + m, 0));
      }
    };
  });
}

/** Message m with the first `cleared` candidates' edits that fall in it, as the plan's replacement writes it; undefined when none does. */
function editedForm(message: Message, m: number, cleared: number, index: ClearableResults, placeholder: string): Message | undefined {
  const { results, candidates, holds, calls } = index;
  const edits: { block: number; text: string }[] = [];
  for (let k = holds.start[m] as number; k < (holds.start[m + 1] as number); k++) {
    const e = holds.order[k] as number;
    if (e < cleared) edits.push({ block: results.block[candidates[e] as number] as number, text: placeholder });
  }
  const inputs: number[] = [];
  for (let k = calls.start[m] as number; k < (calls.start[m + 1] as number); k++) {
    const e = calls.order[k] as number;
    if (e < cleared) inputs.push(results.callBlock[candidates[e] as number] as number);
  }
  if (edits.length === 0 && inputs.length === 0) return undefined;
  return replaceToolBlocks(message, { results: edits, inputs });
}
