import type { SweepSetting } from './types';
import { formatNumber } from '../text/format-number';

/**
 * A setting in words: `no pruning`, `sliding-window with maxTokens 6,400, stateless (pruned before every request)`,
 * `summarize with maxTokens 6,400, live (pruned when the context passes 102,400 tokens)`, `anthropic-compaction with
 * triggerAt 50,000, live (on its own trigger)`.
 */
export function describeSetting(setting: SweepSetting): string {
  if (setting.strategy === 'none') return 'no pruning';
  const options = Object.entries(setting.options).map(([key, value]) => `${key} ${formatNumber(value)}`);
  const head = options.length === 0 ? `${setting.strategy} (its defaults)` : `${setting.strategy} with ${options.join(', ')}`;
  if (setting.mode === 'stateless') return `${head}, stateless (pruned before every request)`;
  const trigger = setting.trigger;
  if (trigger === undefined) return `${head}, live (on its own trigger)`;
  const when =
    trigger.kind === 'tokens' ? `when the context passes ${formatNumber(trigger.over)} tokens` : trigger.kind === 'every' ? `every ${formatNumber(trigger.requests)} requests` : `at ${formatNumber(trigger.of, 'percent', 0)} of ${formatNumber(trigger.window)} tokens`;
  return `${head}, live (pruned ${when})`;
}
