import type { Message } from '../types';
import { toolBlockKind } from './tool-block-kind';

/**
 * Where the sliding window (and summarize) cuts: the smallest suffix of at least `target` messages in which no
 * kept message has a tool partner before the cut. Returns the index of the first kept message.
 *
 * Scans backwards from the end, so a clean transcript costs only the kept suffix, not the whole history: a
 * result is pending until a call answers it, and while a kept result is pending the scan goes on; when a call
 * below the cut answers a kept result, the cut moves down to that call. Matching calls to results backwards
 * (each call takes the nearest following unanswered result with its id) pairs exactly as the forward rule
 * does (each result takes the nearest preceding unanswered call), as bracket matching is the same read from
 * either end; the property tests hold this to `planPrune` over `groupMessages`. A kept result that is an orphan
 * makes the scan run to the start, still O(n).
 */
export function findWindowCut(messages: readonly Message[], target: number): number {
  const count = messages.length;
  let cut = Math.max(0, count - target);
  if (cut === 0) return 0;

  // id → indices of results not yet answered, nearest last.
  const pending = new Map<string, number[]>();
  let pendingTotal = 0;
  let pendingKept = 0;

  for (let i = count - 1; i >= 0; i--) {
    if (i < cut && pendingKept === 0) break;
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
      } else if (kind === 'use') {
        const stack = pending.get((block as { id: string }).id);
        const answered = stack?.pop();
        if (answered === undefined) continue;
        pendingTotal--;
        if (answered < cut) continue;
        pendingKept--;
        if (i < cut) {
          // Everything scanned so far now lies at or above the new cut, so every pending result is kept.
          cut = i;
          pendingKept = pendingTotal;
        }
      }
    }
  }
  return cut;
}
