/** A setting of the sweep in words and figures: what the chart's tooltip, the table and the recommendation say. */
import { formatNumber, getStrategy, type AdvicePoint, type SweepSetting } from '../../core';
import { formatInt, formatUsd } from '../common/format';

export const formatLossShare = (loss: number): string => formatNumber(loss, 'percent');

/** Cost beside no pruning's, as a signed change (`−42.0%`); '' for no pruning itself. */
export function costChange(point: AdvicePoint, none: AdvicePoint | undefined): string {
  if (!none || point.strategy === 'none' || none.costUsd <= 0) return '';
  return formatNumber(point.costUsd / none.costUsd - 1, 'change');
}

/** How the setting is applied, in words a person reads: the mode, and when a live agent prunes. */
export function modeWords(setting: SweepSetting): string {
  if (setting.mode === 'stateless') return 'before every request';
  const t = setting.trigger;
  if (t === undefined) return 'live, on its own trigger';
  if (t.kind === 'tokens') return `live, when the context passes ${formatNumber(t.over)} tokens`;
  if (t.kind === 'every') return `live, every ${formatNumber(t.requests)} requests`;
  return `live, at ${formatNumber(t.of, 'percent', 0)} of ${formatNumber(t.window)} tokens`;
}

/** The strategy's name and its swept options (`Sliding window · max tokens 6,400`). */
export function settingName(setting: SweepSetting): string {
  if (setting.strategy === 'none') return 'No pruning';
  const definition = getStrategy(setting.strategy);
  const options = Object.entries(setting.options).map(([key, value]) => {
    const label = key === 'maxTokens' ? 'bound' : (definition.options.find((o) => o.key === key)?.label.toLowerCase() ?? key);
    return `${label} ${formatNumber(value)}`;
  });
  return [definition.label, ...options].join(' · ');
}

/** The figures of one point: strategy, options, mode and trigger, cost, loss. */
export function PointFigures({ point, none }: { point: AdvicePoint; none: AdvicePoint | undefined }) {
  const change = costChange(point, none);
  return (
    <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
      <dt className="text-zinc-600 dark:text-zinc-400">Setting</dt>
      <dd className="m-0 font-semibold">{settingName(point)}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Pruned</dt>
      <dd className="m-0">{modeWords(point)}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Cost</dt>
      <dd className="m-0 tabular-nums">
        {formatUsd(point.costUsd)}
        {change && ` (${change} vs no pruning)`}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Loss</dt>
      <dd className="m-0 tabular-nums">
        {formatLossShare(point.loss)} of {formatInt(point.probes)} probes’ weight
      </dd>
      {point.error !== undefined && (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">Failed</dt>
          <dd className="m-0">{point.error}</dd>
        </>
      )}
    </dl>
  );
}
