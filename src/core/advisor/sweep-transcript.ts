import type { SweepOptions, SweepResult, TranscriptToSweep } from './types';
import { sweepSteps } from './sweep-steps';

/**
 * Sweeps one transcript: every registered strategy (or `options.strategies`) over a grid of token bounds and live
 * triggers (`listSweepSettings`), each point replayed and priced (`replayTranscript`: cost, cache writes, peak input,
 * requests over the window) and scored for loss by the transcript's probes (`findProbes`, `scoreProbes`). The first
 * point is no pruning. A strategy that throws gives points with `error`, never a failed sweep. Pure and
 * deterministic; `onProgress` is called after each strategy's points; an aborted `signal` stops it between them.
 *
 * @throws the signal's reason (or an Error named `AbortError`) once aborted
 */
export function sweepTranscript(input: TranscriptToSweep, options: SweepOptions): SweepResult {
  const steps = sweepSteps(input, options);
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}
