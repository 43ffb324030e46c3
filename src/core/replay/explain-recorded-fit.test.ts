import { describe, expect, it } from 'vitest';
import type { RecordedComparison } from './types';
import { explainRecordedFit } from './explain-recorded-fit';

const comparison = (over: Partial<RecordedComparison>): RecordedComparison => ({
  requests: 100,
  recordedInputTokens: 1_000_000,
  replayedInputTokens: 1_000_000,
  recordedCacheReadShare: 0.9,
  replayedCacheReadShare: 0.9,
  medianError: 0,
  worstError: 0,
  recordedCostUsd: 10,
  replayedCostUsd: 10,
  ...over,
});

describe('explainRecordedFit', () => {
  it('holds each figure to its target (input 2%, share 3 points, bill 5%)', () => {
    const fit = explainRecordedFit(comparison({ replayedInputTokens: 1_019_000, replayedCacheReadShare: 0.931, replayedCostUsd: 9.4 }), { calibrated: false });
    expect(fit.within).toEqual({ input: true, share: false, bill: false });
    expect(fit.inputError).toBeCloseTo(0.019, 12);
    expect(fit.costError).toBeCloseTo(-0.06, 12);
  });

  it('says why the input is short: what the agent sent and the file does not hold, which only fitting recovers', () => {
    const fit = explainRecordedFit(comparison({ replayedInputTokens: 950_000, replayedCostUsd: 9.5 }), { calibrated: false, unrecordedInput: "Claude Code's hook output and reminders" });
    expect(fit.notes[0]).toBe(
      "The requests held 500 tokens more than the file shows, on average: text the agent sent without writing it down (Claude Code's hook output and reminders). No rule can recover it from the file, so the input stays 5.0% short and the bill with it; fitting to the recorded bill adds it to the messages it followed.",
    );
    expect(explainRecordedFit(comparison({ replayedInputTokens: 1_050_000 }), { calibrated: true }).notes[0]).toBe(
      'The token counts run 5.0% high on this file (fitting adds tokens, it never removes any).',
    );
  });

  it('points at the requests whose cache rule differs, or clears the rules when none does; prices the partial outputs', () => {
    expect(explainRecordedFit(comparison({ ruleMismatches: 3, replayedCostUsd: 12 }), { calibrated: false }).notes).toEqual([
      '3 of 100 requests read the cache by another rule than the file shows: the per-request table marks them.',
    ]);
    expect(explainRecordedFit(comparison({ ruleMismatches: 0, replayedCostUsd: 12 }), { calibrated: false }).notes).toEqual([
      'Every request read the cache by the rule the file shows; the difference is in the tokens.',
    ]);
    expect(explainRecordedFit(comparison({ partialOutputs: { requests: 37, missingTokens: 10_000 } }), { calibrated: false, outputPrice: 25 }).notes).toEqual([
      "37 requests' output is a snapshot the file took mid-stream: their messages hold 10,000 tokens more (about $0.25), which both bills leave out alike.",
    ]);
    expect(explainRecordedFit(comparison({ partialOutputs: { requests: 1, missingTokens: 109 } }), { calibrated: false, outputPrice: 25 }).notes[0]).toBe(
      "1 request's output is a snapshot the file took mid-stream: its message holds 109 tokens more (under $0.01), which both bills leave out alike.",
    );
  });
});
