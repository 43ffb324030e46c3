/** A setting of the advisor's sweep as a lane of the timeline: what that setting keeps of the whole transcript. */
import type { StrategyId, SweepSetting } from '../core';
import type { Budget } from '../worker/lanes';
import type { LaneOptions } from './view';

export interface LaneOfSetting {
  strategy: StrategyId;
  options: LaneOptions;
  budget?: Budget;
}

/**
 * The lane that shows a setting: its bound (`maxTokens`) as the lane's own token budget, its other options (a peer's
 * trigger, a window) as the lane's options. Undefined for no pruning, which is the timeline itself. Lanes plan the
 * whole transcript at once, which is what the sweep scores loss on; the mode and trigger only change what each
 * request costs, which the Replay view shows.
 */
export function laneOfSetting(setting: SweepSetting): LaneOfSetting | undefined {
  if (setting.strategy === 'none') return undefined;
  const { maxTokens, ...options } = setting.options;
  return { strategy: setting.strategy, options, ...(maxTokens !== undefined ? { budget: { unit: 'tokens', value: maxTokens } } : {}) };
}
