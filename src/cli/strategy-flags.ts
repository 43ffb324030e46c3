/**
 * The strategy flags of `prune`, `replay` and `report`, generated from the core's `STRATEGY_REGISTRY`: a strategy
 * added to the registry gets its `--strategy` value, its option flags and its help with no change here.
 */
import { STRATEGY_REGISTRY, getStrategy, isStrategyId, type OptionSpec, type PrunerConfig, type RegisteredStrategy, type StrategyId } from '../lib/index';
import { readChoice, readInteger, single, type FlagSpec, type FlagValues } from './args';
import { CliError } from './errors';
import { wrap } from './text';
import { formatNumber } from '../core/text/format-number';

/** An option flag and the strategies that define it (two strategies may share an option if its kind agrees). */
export interface StrategyFlag {
  flag: string;
  key: string;
  spec: OptionSpec;
  strategies: StrategyId[];
}

/** `keepRecent` → `keep-recent`. */
export function flagName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Every strategy option as a flag. Throws when two strategies give one flag different kinds, or a flag would shadow
 * one of the command's own (`reserved`): a registry change that the CLI cannot express must fail loudly, not parse
 * one strategy's value by the other's rules.
 */
export function strategyFlags(
  reserved: Iterable<string> = [],
  strategies: readonly Pick<RegisteredStrategy, 'id' | 'options'>[] = STRATEGY_REGISTRY as readonly RegisteredStrategy[],
): Map<string, StrategyFlag> {
  const taken = new Set(reserved);
  const flags = new Map<string, StrategyFlag>();
  for (const strategy of strategies) {
    for (const spec of strategy.options) {
      const flag = flagName(spec.key);
      if (taken.has(flag)) throw new Error(`strategy ${strategy.id}: option ${spec.key} would be --${flag}, which the command uses for itself`);
      const seen = flags.get(flag);
      if (seen === undefined) {
        flags.set(flag, { flag, key: spec.key, spec, strategies: [strategy.id] });
      } else if (seen.spec.kind !== spec.kind || seen.key !== spec.key) {
        throw new Error(`strategies ${seen.strategies.join(', ')} and ${strategy.id} both define --${flag}, as ${seen.spec.kind} and ${spec.kind}`);
      } else {
        seen.strategies.push(strategy.id);
      }
    }
  }
  return flags;
}

/** The `parseArgs` declarations of the option flags. */
export function strategyFlagSpecs(flags: Map<string, StrategyFlag>): Record<string, FlagSpec> {
  const specs: Record<string, FlagSpec> = {};
  for (const { flag, spec } of flags.values()) {
    specs[flag] = spec.kind === 'boolean' ? { type: 'boolean' } : spec.kind === 'string-list' ? { type: 'string', multiple: true } : { type: 'string' };
  }
  return specs;
}

/** `--strategy` values, checked against the registry. */
export function readStrategies(command: string, values: FlagValues): StrategyId[] {
  const given = values.strategy;
  const list = given === undefined ? [] : (Array.isArray(given) ? given : [given]).flatMap((v) => String(v).split(','));
  return list.map((raw) => {
    const id = raw.trim();
    if (!isStrategyId(id)) {
      throw new CliError(`${command}: unknown strategy ${JSON.stringify(id)}; the strategies are ${STRATEGY_REGISTRY.map((s) => s.id).join(', ')}`);
    }
    return id;
  });
}

/**
 * The options of `strategy` given on the command line, checked and converted by their specs; options the user did
 * not give are left out, so the core fills in its defaults. With `strict`, a flag of some other strategy is an error
 * (`prune` runs one strategy, and an ignored flag is a silent mistake).
 */
export function readStrategyOptions(
  command: string,
  strategy: StrategyId,
  values: FlagValues,
  flags: Map<string, StrategyFlag>,
  strict: boolean,
): Record<string, number | boolean | string | readonly string[]> {
  const options: Record<string, number | boolean | string | readonly string[]> = {};
  for (const { flag, key, spec, strategies } of flags.values()) {
    if (values[flag] === undefined) continue;
    if (!strategies.includes(strategy)) {
      if (strict) throw new CliError(`${command}: --${flag} is an option of ${strategies.join(', ')}, not of ${strategy}`);
      continue;
    }
    options[key] = readOption(command, flag, getOptionSpec(strategy, key) ?? spec, values);
  }
  return options;
}

/** Flags given that none of `strategies` takes: an error, since nothing would read them. */
export function checkOptionsUsed(command: string, strategies: readonly StrategyId[], values: FlagValues, flags: Map<string, StrategyFlag>): void {
  for (const { flag, strategies: owners } of flags.values()) {
    if (values[flag] !== undefined && !owners.some((id) => strategies.includes(id))) {
      throw new CliError(`${command}: --${flag} is an option of ${owners.join(', ')}, which this run does not include`);
    }
  }
}

function getOptionSpec(strategy: StrategyId, key: string): OptionSpec | undefined {
  return getStrategy(strategy).options.find((o) => o.key === key);
}

function readOption(command: string, flag: string, spec: OptionSpec, values: FlagValues): number | boolean | string | readonly string[] {
  switch (spec.kind) {
    case 'boolean':
      return values[flag] === true;
    case 'string-list': {
      const raw = values[flag];
      const items = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
      return items.map((s) => s.trim()).filter((s) => s.length > 0);
    }
    case 'integer':
      return readInteger(command, flag, single(command, values, flag) as string, spec.min, spec.max);
    case 'choice':
      return readChoice(command, flag, single(command, values, flag) as string, spec.choices);
    case 'text': {
      const text = single(command, values, flag) as string;
      if (text.length > spec.maxLength) throw new CliError(`${command}: --${flag} must be at most ${spec.maxLength} characters, got ${text.length}`);
      return text;
    }
  }
}

/** The bound flags every pruning command takes. */
export interface BoundFlags {
  maxTurns?: number;
  maxTokens?: number;
}

export function readBoundFlags(command: string, values: FlagValues): BoundFlags {
  const turns = single(command, values, 'max-turns');
  const tokens = single(command, values, 'max-tokens');
  const bound: BoundFlags = {};
  if (turns !== undefined) bound.maxTurns = readInteger(command, 'max-turns', turns, 0, Number.MAX_SAFE_INTEGER);
  if (tokens !== undefined) bound.maxTokens = readInteger(command, 'max-tokens', tokens, 0, Number.MAX_SAFE_INTEGER);
  return bound;
}

/**
 * The core config for one strategy: its options and the bounds it honours. With `strictBounds` a bound the strategy
 * does not take is an error; otherwise it is left out for that strategy (a report runs strategies that take
 * different bounds side by side, as the inspector's lanes do).
 */
export function strategyConfig(command: string, strategy: StrategyId, bound: BoundFlags, options: Record<string, unknown>, strictBounds: boolean): PrunerConfig {
  const definition = getStrategy(strategy);
  const config: Record<string, unknown> = { strategy, ...options };
  for (const field of ['maxTurns', 'maxTokens'] as const) {
    if (bound[field] === undefined) continue;
    if (definition.bounds.includes(field)) config[field] = bound[field];
    else if (strictBounds) throw new CliError(`${command}: ${strategy} takes ${boundFlags(definition)} only, not --${flagName(field)}`);
  }
  if (definition.needsBound && config.maxTurns === undefined && config.maxTokens === undefined) {
    const example = definition.bounds[0] ?? 'maxTokens';
    throw new CliError(`${command}: ${strategy} needs ${boundFlags(definition)}, for example --${flagName(example)} ${example === 'maxTurns' ? 40 : 20000}`);
  }
  return config as unknown as PrunerConfig;
}

function boundFlags(definition: RegisteredStrategy): string {
  return definition.bounds.map((b) => `--${flagName(b)}`).join(' or ');
}

/** The strategies section of a command's help: each strategy, what it keeps, its bounds and its option flags. */
export function strategiesHelp(width = 100): string {
  const lines: string[] = ['Strategies (--strategy), from the core registry:'];
  for (const s of STRATEGY_REGISTRY as readonly RegisteredStrategy[]) {
    lines.push(`  ${s.id}`);
    lines.push(`      ${wrap(s.description, width, 6)}`);
    if (s.fidelity !== undefined) {
      lines.push(`      ${wrap(`exact: ${s.fidelity.exact.join('; ')}`, width, 6)}`);
      lines.push(`      ${wrap(`approximated: ${s.fidelity.approximated.join('; ')}`, width, 6)}`);
    }
    lines.push(`      bounds: ${s.bounds.length === 0 ? 'none (it acts on its own trigger)' : `${boundFlags(s)}${s.needsBound ? ' (one is required)' : ' (optional)'}`}`);
    for (const o of s.options) {
      const name = o.kind === 'boolean' ? `--[no-]${flagName(o.key)}` : `--${flagName(o.key)} ${valueName(o)}`;
      lines.push(`      ${name.padEnd(28)} ${wrap(`${o.description} ${defaultText(o)}`, width, 35)}`);
    }
  }
  return lines.join('\n');
}

function valueName(o: OptionSpec): string {
  switch (o.kind) {
    case 'integer':
      return 'N';
    case 'string-list':
      return 'A,B';
    case 'choice':
      return o.choices.join('|').length <= 20 ? o.choices.join('|') : 'NAME';
    default:
      return 'TEXT';
  }
}

function defaultText(o: OptionSpec): string {
  switch (o.kind) {
    case 'integer':
      return `(default ${formatNumber(o.default)}; ${formatNumber(o.min)}–${formatNumber(o.max)}${o.unit ? ` ${o.unit}` : ''})`;
    case 'boolean':
      return o.default ? '(on by default)' : '(off by default)';
    case 'string-list':
      return o.default.length === 0 ? '(default none)' : `(default ${o.default.join(',')})`;
    case 'choice':
      return `(${o.choices.join(', ')}; default ${o.default})`;
    case 'text':
      return o.default === '' ? `(default empty; at most ${o.maxLength} characters)` : `(default ${JSON.stringify(o.default)})`;
  }
}

/**
 * The id of the registered strategy that takes option `key` (the first strategy when none does), for examples in
 * help texts: they name strategies through the registry, so a renamed or new strategy needs no edit here.
 */
export function strategyWithOption(key: string): string {
  const definitions = STRATEGY_REGISTRY as readonly RegisteredStrategy[];
  return (definitions.find((s) => s.options.some((o) => o.key === key)) ?? (definitions[0] as RegisteredStrategy)).id;
}
