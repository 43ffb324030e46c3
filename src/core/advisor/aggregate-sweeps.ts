import type { ProbeFamily, ProbeKind } from './probes/types';
import type { SweepPoint, SweepResult } from './types';
import { PROBE_FAMILIES } from './probes/types';

/** A setting's figures over a corpus: sums of costs, tokens and requests, the largest peak, the mean loss. */
export interface AdvicePoint extends SweepPoint {
  /** Conversations the setting was swept on. */
  conversations: number;
}

/**
 * One point per setting (by `key`) over every sweep of a corpus, in the order first met: costs, tokens, requests
 * over the window, rewrites and probes lost are summed, the peak is the largest, loss is the mean of the
 * conversations' (each weighs alike, whatever its length). A setting that failed on any conversation carries an
 * error naming how many, and is never recommended. For one sweep, its own points.
 */
export function aggregateSweeps(sweeps: readonly SweepResult[]): AdvicePoint[] {
  const byKey = new Map<string, { point: AdvicePoint; failed: number; firstError?: string }>();
  for (const sweep of sweeps) {
    for (const p of sweep.points) {
      let entry = byKey.get(p.key);
      if (entry === undefined) {
        const { error: _error, ...rest } = p;
        entry = { point: { ...rest, costUsd: 0, cacheWriteTokens: 0, cacheReadTokens: 0, inputTokens: 0, peakInputTokens: 0, overWindow: 0, rewrites: 0, loss: 0, lossByFamily: zero(), lostByKind: {}, probes: 0, conversations: 0 }, failed: 0 };
        byKey.set(p.key, entry);
      }
      const a = entry.point;
      a.conversations++;
      if (p.error !== undefined) {
        entry.failed++;
        entry.firstError ??= p.error;
        continue;
      }
      a.costUsd += p.costUsd;
      a.cacheWriteTokens += p.cacheWriteTokens;
      a.cacheReadTokens += p.cacheReadTokens;
      a.inputTokens += p.inputTokens;
      a.peakInputTokens = Math.max(a.peakInputTokens, p.peakInputTokens);
      a.overWindow += p.overWindow;
      a.rewrites += p.rewrites;
      a.probes += p.probes;
      a.loss += p.loss;
      for (const f of PROBE_FAMILIES) a.lossByFamily[f] += p.lossByFamily[f];
      for (const [kind, n] of Object.entries(p.lostByKind) as [ProbeKind, number][]) a.lostByKind[kind] = (a.lostByKind[kind] ?? 0) + n;
    }
  }
  return [...byKey.values()].map(({ point, failed, firstError }) => {
    const ok = point.conversations - failed;
    if (ok > 0) {
      point.loss /= ok;
      for (const f of PROBE_FAMILIES) point.lossByFamily[f] /= ok;
    }
    if (failed > 0) point.error = point.conversations === 1 ? (firstError as string) : `failed on ${failed} of ${point.conversations} conversations (${firstError})`;
    return point;
  });
}

function zero(): Record<ProbeFamily, number> {
  return { recall: 0, artifact: 0, continuation: 0, decision: 0 };
}
