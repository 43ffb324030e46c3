/**
 * Lanes: the strategies the inspector compares, each with its options, and the one budget they share. Pure: the
 * worker turns a lane into a core config, the store keeps lanes in the URL, the UI edits them. Every list of
 * strategies comes from the core's `STRATEGY_REGISTRY`.
 */
import { STRATEGY_REGISTRY, formatNumber, getStrategy, isStrategyId, type OptionSpec, type PruneConfig, type StrategyId } from '../core';

/** One lane: a registered strategy and the options it differs in from their defaults. */
export interface LaneSpec {
  /** Unique among the lanes on screen; keys plans, filters and React. */
  id: string;
  strategy: StrategyId;
  options: Readonly<Record<string, number | boolean | string | readonly string[]>>;
  /** A bound of the lane's own (so one strategy can run at two bounds side by side); absent: the shared budget. */
  budget?: Budget;
}

/** The bound every lane is asked to meet: a number of tokens (the default) or of messages. */
export interface Budget {
  unit: 'tokens' | 'messages';
  value: number;
}

/** What the worker plans: the lanes, the shared budget and the pinned messages, over counts of version `epoch`. */
export interface PlanRequest {
  lanes: readonly LaneSpec[];
  budget: Budget;
  pinned: readonly number[];
  /** The token counts' version the plans are for (`DocSummary.epoch`); 0 is the estimate. */
  epoch: number;
}

/** The lanes on first open: every registered strategy once, in the registry's order, but the peers (offered in "Add lane"). */
export function defaultLanes(): LaneSpec[] {
  return STRATEGY_REGISTRY.filter((s) => s.defaultLane !== false).map((s) => s.id).filter(isStrategyId).map((strategy, k) => ({
    id: `l${k + 1}`,
    strategy,
    options: {},
  }));
}

/** The core config a lane runs with: its options, and its own budget or the shared one as the bound it takes. */
export function laneConfig(lane: LaneSpec, budget: Budget, pinned: readonly number[]): PruneConfig {
  const definition = getStrategy(lane.strategy);
  const bound = lane.budget ?? budget;
  const config: Record<string, unknown> = { strategy: lane.strategy, ...lane.options };
  const field = bound.unit === 'tokens' ? 'maxTokens' : 'maxTurns';
  if (definition.bounds.includes(field)) config[field] = bound.value;
  if (definition.honoursPins && pinned.length > 0) config.pinned = pinned;
  return config as unknown as PruneConfig;
}

/** What a lane's plan depends on, as a string: equal keys, equal plans. */
export function planKey(lane: LaneSpec, budget: Budget, pinned: readonly number[], epoch = 0): string {
  const definition = getStrategy(lane.strategy);
  const bound = lane.budget ?? budget;
  const options = Object.keys(lane.options)
    .sort()
    .map((key) => `${key}=${JSON.stringify(lane.options[key])}`)
    .join(';');
  return `${lane.strategy}|${options}|${bound.unit}:${bound.value}|${definition.honoursPins ? pinned.join(',') : ''}|${epoch}`;
}

/** A lane's options as a short phrase for its header, e.g. "keep 5 · never clear Read"; '' at defaults. */
export function describeOptions(lane: LaneSpec): string {
  const definition = getStrategy(lane.strategy);
  const parts: string[] = [];
  for (const option of definition.options) {
    const value = lane.options[option.key];
    if (value === undefined || sameValue(value, option.default)) continue;
    parts.push(describeOption(option, value));
  }
  if (lane.budget) parts.push(`own budget ${formatNumber(lane.budget.value)} ${lane.budget.unit}`);
  return parts.join(' · ');
}

function describeOption(option: OptionSpec, value: number | boolean | string | readonly string[]): string {
  const label = option.label.toLowerCase();
  switch (option.kind) {
    case 'boolean':
      return value ? label : `no ${label}`;
    case 'string-list':
      return `${label}: ${(value as readonly string[]).join(', ') || 'none'}`;
    case 'choice':
      return `${label} ${String(value)}`;
    case 'text':
      return `${label} “${String(value).slice(0, 24)}”`;
    case 'integer':
      return `${label} ${formatNumber(value as number)}${option.unit === 'tokens' ? ' tok' : ''}`;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Lane labels, numbered when a strategy appears more than once ("Importance 2"). */
export function laneLabels(lanes: readonly LaneSpec[]): string[] {
  const seen = new Map<StrategyId, number>();
  const totals = new Map<StrategyId, number>();
  for (const lane of lanes) totals.set(lane.strategy, (totals.get(lane.strategy) ?? 0) + 1);
  return lanes.map((lane) => {
    const n = (seen.get(lane.strategy) ?? 0) + 1;
    seen.set(lane.strategy, n);
    const label = getStrategy(lane.strategy).label;
    return (totals.get(lane.strategy) ?? 0) > 1 ? `${label} ${n}` : label;
  });
}

/**
 * What a lane simulating another system's context manager reproduces exactly and what it approximates, as one
 * sentence for its header and help; undefined for our own strategies.
 */
export function fidelityText(strategy: StrategyId): string | undefined {
  const fidelity = getStrategy(strategy).fidelity;
  if (fidelity === undefined) return undefined;
  const list = (items: readonly string[]) => (items.length === 0 ? 'nothing' : items.join('; '));
  return `Exact: ${list(fidelity.exact)}. Approximated: ${list(fidelity.approximated)}.`;
}

/**
 * Why the core would refuse a lane with these options (its own words, which name the option), or undefined: the
 * options form asks before it adds or changes a lane, so a bad value is said at its field, not as a lane that fails.
 */
export function laneOptionsError(strategy: StrategyId, options: LaneSpec['options']): string | undefined {
  const definition = getStrategy(strategy);
  const budget: Budget = definition.bounds.includes('maxTurns') && !definition.bounds.includes('maxTokens') ? { unit: 'messages', value: 10 } : { unit: 'tokens', value: 1_000 };
  try {
    definition.normalize(laneConfig({ id: 'check', strategy, options }, budget, []) as never);
    return undefined;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).replace(/^pruneMessages: /, '');
  }
}

/** Every registered strategy, for pickers. */
export function strategyChoices(): { id: StrategyId; label: string; description: string }[] {
  return STRATEGY_REGISTRY.map((s) => ({ id: s.id, label: s.label, description: s.description }));
}

/** The budget on first open: half the transcript, so every lane shows something, in the unit asked for. */
export function defaultBudget(count: number, totalTokens: number, unit: Budget['unit'] = 'tokens'): Budget {
  return unit === 'tokens' ? { unit, value: Math.round(totalTokens / 2) } : { unit, value: Math.round(count / 2) };
}

/** A budget kept within what the slider offers: 0 to the transcript's size in its unit. */
export function clampBudget(budget: Budget, count: number, totalTokens: number): Budget {
  const max = budget.unit === 'tokens' ? Math.ceil(totalTokens) : count;
  const value = Number.isFinite(budget.value) ? Math.min(Math.max(0, Math.round(budget.value)), Math.max(max, 0)) : Math.round(max / 2);
  return { unit: budget.unit, value };
}
