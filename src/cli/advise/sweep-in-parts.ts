import { mergeSweepParts, STRATEGY_REGISTRY, type StrategyId, type SweepResult } from '../../lib/index';
import type { AdviseOutcome, AdviseSettings, AdviseTask } from './types';
import { sweepOptionsFor } from './sweep-options-for';

/**
 * From this many messages, `advise --jobs N` sweeps one conversation on up to N threads at once, its strategies
 * shared among them: a sweep of 100k messages is a minute on one core, while each thread counts the conversation's
 * tokens again (a few seconds at most), which a short conversation would not repay. Shorter conversations of a
 * folder already keep the threads busy side by side.
 */
export const SPLIT_FROM_MESSAGES = 10_000;

/** How much of a sweep a strategy is, against a quick one's (the registry's `sweepCost`, measured). */
const weightOf = (id: StrategyId) => STRATEGY_REGISTRY.find((definition) => definition.id === id)?.sweepCost ?? 1;

/**
 * One conversation swept in `parts` at once, through `run` (a thread of the pool each): the strategies shared so each
 * part weighs about the same (`sweepCost`, heaviest first, each to the lightest part), the parts' sweeps merged into what one
 * sweep of every strategy gives (`mergeSweepParts`). A part that fails fails the conversation, with its error.
 */
export async function sweepInParts(task: AdviseTask, settings: AdviseSettings, parts: number, run: (task: AdviseTask) => Promise<AdviseOutcome>): Promise<AdviseOutcome> {
  const ids = settings.strategies ?? STRATEGY_REGISTRY.map((definition) => definition.id);
  // Never more parts than pay: past the total's share of the heaviest strategy, another thread (each reading and
  // counting the whole conversation again) makes none of them shorter.
  const total = ids.reduce((sum, id) => sum + weightOf(id), 0);
  const heaviest = Math.max(1, ...ids.map(weightOf));
  const count = Math.max(1, Math.min(parts, ids.length, Math.ceil(total / heaviest)));
  const shares: { ids: StrategyId[]; weight: number }[] = Array.from({ length: count }, () => ({ ids: [], weight: 0 }));
  for (const id of [...ids].sort((a, b) => weightOf(b) - weightOf(a))) {
    const lightest = shares.reduce((best, share) => (share.weight < best.weight ? share : best));
    lightest.ids.push(id);
    lightest.weight += weightOf(id);
  }
  if (shares.length === 1) return run(task);
  const outcomes = await Promise.all(shares.map((share) => run({ ...task, strategies: share.ids })));
  const failed = outcomes.find((outcome) => outcome.error !== undefined);
  const first = outcomes[0] as AdviseOutcome;
  if (failed !== undefined) {
    const { sweep: _sweep, ...rest } = failed;
    return rest;
  }
  const sweeps = outcomes.map((outcome) => outcome.sweep as SweepResult);
  try {
    return { ...first, sweep: mergeSweepParts(sweeps, sweepOptionsFor(settings, (sweeps[0] as SweepResult).window, ids)) };
  } catch (error) {
    // A runner's outcome, never a rejection: the other conversations' answers stand.
    const { sweep: _sweep, ...rest } = first;
    return { ...rest, error: error instanceof Error ? error.message : String(error) };
  }
}
