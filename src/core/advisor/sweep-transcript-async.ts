import type { SweepOptions, SweepResult, TranscriptToSweep } from './types';
import { sweepSteps } from './sweep-steps';

/**
 * `sweepTranscript` with `pause()` awaited between steps, so a worker's event loop can deliver a cancel (set the
 * signal) while a long sweep runs: pass `() => new Promise((resolve) => setTimeout(resolve, 0))`.
 */
export async function sweepTranscriptAsync(input: TranscriptToSweep, options: SweepOptions & { pause: () => Promise<void> }): Promise<SweepResult> {
  const steps = sweepSteps(input, options);
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    await options.pause();
  }
}
