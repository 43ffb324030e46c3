import type { SweepOptions, SweepPoint, SweepResult, SweepSkip } from './types';
import { listSweepSettings } from './list-sweep-settings';
import { groupSweepSettings } from './group-sweep-settings';

/**
 * One transcript's sweep put together from sweeps of parts of its strategies (the same transcript, inputs and
 * `options`, each part with some of `options.strategies`, as `advise --jobs` runs them on several threads): exactly
 * what `sweepTranscript` with every strategy gives, its points and skips in that order. No pruning, which every part
 * replays, is taken once. Points and skips stay independent of the strategies beside them: each setting's replay,
 * plan and probes are its own, and every part measures the same baseline.
 *
 * @throws when `parts` is empty, the parts are of transcripts of other lengths or windows, or a point or a skip is
 *   not on the grid of `options` (a part swept with other options)
 */
export function mergeSweepParts(parts: readonly SweepResult[], options: SweepOptions): SweepResult {
  const first = parts[0];
  if (first === undefined) throw new Error('mergeSweepParts: no parts to merge');
  const other = parts.find((part) => part.messages !== first.messages || part.window !== first.window || part.probes !== first.probes);
  if (other !== undefined) throw new Error(`mergeSweepParts: parts of different transcripts (${first.messages} and ${other.messages} messages, windows ${first.window} and ${other.window})`);

  const { settings, skipped: listed } = listSweepSettings(first.messages, options);
  const rank = new Map<string, number>();
  for (const group of groupSweepSettings(settings)) for (const setting of group) rank.set(setting.key, rank.size);

  const points = new Map<string, SweepPoint>();
  for (const part of parts) {
    for (const point of part.points) {
      // A point the grid does not list was swept with other options: placed anywhere, it would pass unnoticed.
      if (!rank.has(point.key)) throw new Error(`mergeSweepParts: the point ${JSON.stringify(point.key)} is not on the grid of these options (a part swept with other options)`);
      if (!points.has(point.key)) points.set(point.key, point);
    }
  }
  const pointRank = (point: SweepPoint) => rank.get(point.key) as number;

  // The grid's own skips come first in its order; those the sweep adds (a live point past its trigger) follow in
  // the order of the runs that found them.
  const listedRank = new Map(listed.map((skip, k) => [skipKey(skip), k]));
  const skips = new Map<string, SweepSkip>();
  for (const part of parts) {
    for (const skip of part.skipped) {
      const key = skipKey(skip);
      // Neither a skip the grid lists nor one of its settings left out as it was swept: refused like a point off it.
      if (!listedRank.has(key) && (skip.key === undefined || !rank.has(skip.key))) {
        throw new Error(`mergeSweepParts: the skip ${JSON.stringify(key)} is not on the grid of these options (a part swept with other options)`);
      }
      if (!skips.has(key)) skips.set(key, skip);
    }
  }
  const skipRank = (skip: SweepSkip) => listedRank.get(skipKey(skip)) ?? listed.length + (rank.get(skip.key as string) as number);

  return {
    messages: first.messages,
    probes: first.probes,
    window: first.window,
    points: [...points.values()].sort((a, b) => pointRank(a) - pointRank(b)),
    skipped: [...skips.values()].sort((a, b) => skipRank(a) - skipRank(b)),
  };
}

function skipKey(skip: SweepSkip): string {
  return `${skip.strategy} ${skip.mode} ${skip.key ?? ''} ${skip.reason}`;
}
