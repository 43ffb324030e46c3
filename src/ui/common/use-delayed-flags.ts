import { useEffect, useState } from 'react';

/**
 * How long a lane plans before its last answer is dimmed. An answer within it (the quick lanes answer a budget change
 * at 50k messages in 10–30 ms) never flashes a dim; and the frame that dims would have been painted while the worker
 * answered, on a machine whose cores the worker, the compositor and the main thread share (the quick lanes' answer
 * waited 7.7 ms for the main thread at the median, 3.1 ms without that frame). An e2e spec that needs the dims of
 * quick lanes sets `globalThis.__prunescopeDimAfterMs` in an init script; nothing else does.
 */
export const DIM_AFTER_MS: number = (globalThis as { __prunescopeDimAfterMs?: number }).__prunescopeDimAfterMs ?? 100;

/**
 * Flags (one '0' or '1' per lane) as shown: a '1' only once it has held for `delayMs`, a '0' at once. The wait runs
 * from when the flags last changed, so a drag whose lanes stay stale dims them once, `delayMs` into it.
 */
export function useDelayedFlags(flags: string, delayMs = DIM_AFTER_MS): string {
  const [held, setHeld] = useState('');
  // A lane that answered lets go of its '1' at once: kept, it would show the next change's dim with no wait.
  const kept = heldFlags(held, flags);
  if (kept !== held) setHeld(kept);
  useEffect(() => {
    if (!flags.includes('1')) return;
    const timer = setTimeout(() => setHeld(flags), delayMs);
    return () => clearTimeout(timer);
  }, [flags, delayMs]);
  return delayMs <= 0 ? flags : kept;
}

/** The '1's of `held` that `flags` still has: what has held since it was last seen set, as shown. */
export function heldFlags(held: string, flags: string): string {
  let kept = '';
  for (let k = 0; k < flags.length; k++) kept += flags[k] === '1' && held[k] === '1' ? '1' : '0';
  return kept;
}
