import type { GovernorAnalysis } from './analyze-for-governor';

/**
 * The units sent whole whatever the budget, ascending: the last message's, the pinned messages' and (with
 * `keepTask`) the task's.
 */
export function alwaysSentUnits(analysis: GovernorAnalysis, pinned: readonly number[], keepTask: boolean): number[] {
  const { unitOf } = analysis.units;
  const always = new Set<number>();
  if (unitOf.length > 0) always.add(unitOf[unitOf.length - 1] as number);
  for (const i of pinned) always.add(unitOf[i] as number);
  if (keepTask && analysis.prompts.task >= 0) always.add(unitOf[analysis.prompts.task] as number);
  return [...always].sort((a, b) => a - b);
}
