import type { Message } from '../types';
import { toolBlockKind } from './tool-block-kind';

/**
 * Where the sliding window (and summarize) cuts: the smallest suffix of at least `target` messages in which no
 * kept message has a tool partner before the cut. Returns the index of the first kept message, or -1 when the cut
 * touches a broken pair (an orphan kept, or just below the cut), which the full analysis must settle: there an
 * orphan's neighbours stay with it (`glueBrokenTurns`), which this scan cannot see without reading everything.
 *
 * Scans backwards from the end, so a clean transcript costs only the kept suffix, not the whole history: a
 * result is pending until a call answers it, and while a kept result is pending the scan goes on; when a call
 * below the cut answers a kept result, the cut moves down to that call. Matching calls to results backwards
 * (each call takes the nearest following unanswered result with its id) pairs exactly as the forward rule
 * does (each result takes the nearest preceding unanswered call), as bracket matching is the same read from
 * either end; the property tests hold this to `planPrune` over the full analysis. The message right below the cut
 * is read too, and its results followed to their calls, to be sure it holds no orphan.
 */
export function findWindowCut(messages: readonly Message[], target: number): number {
  const count = messages.length;
  let cut = Math.max(0, count - target);
  if (cut === 0) return 0;

  // id → indices of results not yet answered, nearest last.
  const pending = new Map<string, number[]>();
  let pendingTotal = 0;
  let pendingKept = 0;
  // The turn right below the cut (the run of one role the API merges), read to be sure it holds no orphan: its
  // calls must be answered within it, its results followed down to their calls.
  let checkedFrom = -1;
  let checkedRole: unknown;
  let pendingChecked = 0;
  let unanswered = -1;

  // Turns counted from the end, to tell a pair split across turns (which the full analysis glues) from a sound one.
  const turnAt = new Int32Array(count);
  let turn = 0;
  for (let i = count - 1; i >= 0; i--) {
    if (i < count - 1 && messages[i]?.role !== messages[i + 1]?.role) turn++;
    turnAt[i] = turn;
    if (i < cut && pendingKept === 0) {
      const role = messages[i]?.role;
      if (checkedFrom === -1) {
        checkedFrom = i;
        checkedRole = role;
      } else if (checkedFrom === i + 1 && role === checkedRole) {
        checkedFrom = i;
      } else if (pendingChecked === 0) {
        break;
      }
    }
    const checked = checkedFrom !== -1 && i >= checkedFrom && i < cut;
    const content = messages[i]?.content;
    if (!Array.isArray(content)) continue;
    for (let b = content.length - 1; b >= 0; b--) {
      const block: unknown = content[b];
      const kind = toolBlockKind(block);
      if (kind === 'result') {
        const id = (block as { tool_use_id: string }).tool_use_id;
        const stack = pending.get(id);
        if (stack) stack.push(i);
        else pending.set(id, [i]);
        pendingTotal++;
        if (i >= cut) pendingKept++;
        else if (checked) pendingChecked++;
      } else if (kind === 'use') {
        const stack = pending.get((block as { id: string }).id);
        const answered = stack?.pop();
        if (answered === undefined) {
          // A call nobody answers, kept or in the turn right below the cut; one lower down may yet be kept when
          // the cut moves, so remember the highest.
          if (i >= cut || checked) return -1;
          if (i > unanswered) unanswered = i;
          continue;
        }
        pendingTotal--;
        if ((turnAt[i] as number) - (turnAt[answered] as number) > 1 || messages[i]?.role !== 'assistant') return -1;
        if (answered < cut) {
          if (checkedFrom !== -1 && answered >= checkedFrom) pendingChecked--;
          continue;
        }
        pendingKept--;
        if (i < cut) {
          // Everything scanned so far now lies at or above the new cut, so every pending result is kept.
          cut = i;
          pendingKept = pendingTotal;
          checkedFrom = -1;
          pendingChecked = 0;
        }
      }
    }
  }
  // At the start with results still unanswered: an orphan result is kept, or sits right below the cut.
  return pendingKept > 0 || pendingChecked > 0 || unanswered >= cut ? -1 : cut;
}
