import type { RecordedComparison } from './types';

/** How close the no-pruning replay must come to a recorded bill for its baseline to be evidence (issue 21). */
export const RECORDED_FIT_TARGETS = { input: 0.02, sharePoints: 0.03, bill: 0.05 } as const;

/** The no-pruning replay's distance from the recorded bill, each figure against its target, and why it misses. */
export interface RecordedFit {
  /** Replayed ÷ recorded − 1. */
  inputError: number;
  /** Replayed − recorded share of input read from the cache. */
  sharePoints: number;
  /** Replayed ÷ recorded − 1 of the bill. */
  costError: number;
  /** Each figure within its target (`RECORDED_FIT_TARGETS`). */
  within: { input: boolean; share: boolean; bill: boolean };
  /** Sentences for people: what the file does not hold, and what that does to the figures. */
  notes: string[];
}

/** How the replay that `explainRecordedFit` holds to the recorded bill was made. */
export interface ExplainRecordedFitOptions {
  /** The inputs were fitted to the recorded bill (`readReplayInputs`' `calibrate`). */
  calibrated: boolean;
  /**
   * What the agent's harness sends without writing it down, named in the note on a short input (its format's
   * `harness.unrecordedInput`: "Claude Code's hook output and reminders").
   */
  unrecordedInput?: string;
  /** The output price, to put a figure on outputs the file holds only in part. */
  outputPrice?: number;
}

/**
 * Holds the no-pruning replay against the recorded bill (`ReplayResult.recorded`) and says, in words the inspector
 * and the CLI share, where it parts and why: tokens the requests held that the file does not (input short; only
 * calibration can add them), cache rules that differ from what the file shows (request by request), outputs the file
 * recorded mid-stream (left out of both bills alike).
 */
export function explainRecordedFit(recorded: RecordedComparison, options: ExplainRecordedFitOptions): RecordedFit {
  const inputError = recorded.inputError ?? recorded.replayedInputTokens / Math.max(1, recorded.recordedInputTokens) - 1;
  const sharePoints = recorded.replayedCacheReadShare - recorded.recordedCacheReadShare;
  const costError = recorded.costError ?? (recorded.replayedCostUsd ?? 0) / Math.max(1e-12, recorded.recordedCostUsd ?? 0) - 1;
  const within = {
    input: Math.abs(inputError) <= RECORDED_FIT_TARGETS.input,
    share: Math.abs(sharePoints) <= RECORDED_FIT_TARGETS.sharePoints,
    bill: Math.abs(costError) <= RECORDED_FIT_TARGETS.bill,
  };
  const notes: string[] = [];
  if (!within.input && inputError < 0 && !options.calibrated) {
    const perRequest = (recorded.recordedInputTokens - recorded.replayedInputTokens) / Math.max(1, recorded.requests);
    notes.push(
      `The requests held ${count(perRequest)} tokens more than the file shows, on average: text the agent sent without writing it down` +
        `${options.unrecordedInput !== undefined ? ` (${options.unrecordedInput})` : ''}. No rule can recover it from the file, so the input stays ${pct(-inputError)} short` +
        ` and the bill with it; fitting to the recorded bill adds it to the messages it followed.`,
    );
  } else if (!within.input && inputError > 0) {
    notes.push(`The token counts run ${pct(inputError)} high on this file${options.calibrated ? ' (fitting adds tokens, it never removes any)' : ''}.`);
  } else if (!within.input) {
    notes.push(`Fitted to the recorded bill, the input is still ${pct(-inputError)} short.`);
  }
  const mismatches = recorded.ruleMismatches ?? 0;
  if (mismatches > 0) {
    notes.push(`${mismatches} of ${recorded.requests} requests read the cache by another rule than the file shows: the per-request table marks them.`);
  } else if (recorded.ruleMismatches === 0 && (!within.share || !within.bill) && within.input) {
    notes.push('Every request read the cache by the rule the file shows; the difference is in the tokens.');
  }
  const partial = recorded.partialOutputs;
  if (partial !== undefined && partial.requests > 0) {
    const usd = options.outputPrice === undefined ? undefined : (partial.missingTokens * options.outputPrice) / 1e6;
    // A few hundred tokens cost a fraction of a cent: "about $0.00" read as free.
    const price = usd === undefined ? '' : usd > 0 && usd < 0.005 ? ' (under $0.01)' : ` (about $${usd.toFixed(2)})`;
    notes.push(
      `${partial.requests === 1 ? "1 request's output is a snapshot the file took mid-stream: its message holds" : `${partial.requests} requests' output is a snapshot the file took mid-stream: their messages hold`} ${count(partial.missingTokens)} tokens more${price}, which both bills leave out alike.`,
    );
  }
  return { inputError, sharePoints, costError, within, notes };
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
