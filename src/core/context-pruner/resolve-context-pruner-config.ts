import type { TokenCounter } from '../tokens/types';
import type { ContextPrunerConfig, ConversationTurn } from './types';
import { CONTEXT_PRUNER_DEFAULTS } from './constants';
import { charsTokenCounter } from '../tokens/chars-token-counter';

/** A `ContextPrunerConfig` with every default filled in and every range checked. */
export interface ResolvedContextPrunerConfig {
  softLimitTokens: number;
  hardLimitTokens: number;
  pinnedPrefixTurns: number;
  recentTailTurns: number;
  pinTask: boolean;
  counter: TokenCounter;
  now: () => number;
  createId: ((summarized: readonly ConversationTurn[]) => string) | undefined;
}

const FIELDS = new Set([
  'softLimitTokens',
  'hardLimitTokens',
  'pinnedPrefixTurns',
  'recentTailTurns',
  'pinTask',
  'counter',
  'now',
  'createId',
]);

/**
 * Fills in the defaults of a `ContextPrunerConfig` (see its fields) and checks it, so a settings UI can show the
 * error as it is: each names the field, the value and what is allowed.
 *
 * @throws {TypeError} when `config` is not an object, a field has the wrong type, or a field is unknown (a typo
 *   such as `softLimit` would otherwise be ignored silently)
 * @throws {RangeError} for a limit that is negative or not finite, a soft limit above the hard limit, or turn
 *   counts that are not integers in range (`pinnedPrefixTurns` ≥ 0, `recentTailTurns` ≥ 1)
 */
export function resolveContextPrunerConfig(config: ContextPrunerConfig = {}): ResolvedContextPrunerConfig {
  if (config === null || typeof config !== 'object') {
    throw new TypeError(`ContextPruner: config must be an object such as { softLimitTokens: 500000 }, got ${describe(config)}`);
  }
  for (const key of Object.keys(config)) {
    if (!FIELDS.has(key)) {
      throw new TypeError(`ContextPruner: unknown config field ${JSON.stringify(key)}; expected one of ${[...FIELDS].join(', ')}`);
    }
  }
  const d = CONTEXT_PRUNER_DEFAULTS;
  const softLimitTokens = limit('softLimitTokens', config.softLimitTokens, d.softLimitTokens);
  const hardLimitTokens = limit('hardLimitTokens', config.hardLimitTokens, d.hardLimitTokens);
  if (softLimitTokens > hardLimitTokens) {
    const which = (given: unknown) => (given === undefined ? ', the default' : '');
    throw new RangeError(
      `ContextPruner: softLimitTokens (${softLimitTokens}${which(config.softLimitTokens)}) must not exceed ` +
        `hardLimitTokens (${hardLimitTokens}${which(config.hardLimitTokens)})`,
    );
  }
  const pinnedPrefixTurns = count('pinnedPrefixTurns', config.pinnedPrefixTurns, d.pinnedPrefixTurns, 0);
  const recentTailTurns = count('recentTailTurns', config.recentTailTurns, d.recentTailTurns, 1);
  const pinTask = config.pinTask ?? d.pinTask;
  if (typeof pinTask !== 'boolean') throw new TypeError(`ContextPruner: pinTask must be a boolean, got ${describe(pinTask)}`);
  const counter = config.counter ?? charsTokenCounter;
  if (counter === null || typeof counter !== 'object' || typeof counter.count !== 'function') {
    throw new TypeError(`ContextPruner: counter must be a TokenCounter (an object with count(text)), got ${describe(counter)}`);
  }
  const now = config.now ?? Date.now;
  if (typeof now !== 'function') throw new TypeError(`ContextPruner: now must be a function returning milliseconds, got ${describe(now)}`);
  const { createId } = config;
  if (createId !== undefined && typeof createId !== 'function') {
    throw new TypeError(`ContextPruner: createId must be a function of the summarized turns, got ${describe(createId)}`);
  }
  return { softLimitTokens, hardLimitTokens, pinnedPrefixTurns, recentTailTurns, pinTask, counter, now, createId };
}

function limit(field: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw new TypeError(`ContextPruner: ${field} must be a number of tokens, got ${describe(value)}`);
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`ContextPruner: ${field} must be a finite number of tokens ≥ 0, got ${value}`);
  }
  return value;
}

function count(field: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw new TypeError(`ContextPruner: ${field} must be a number of turns, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < min || value > 2 ** 31 - 1) {
    throw new RangeError(`ContextPruner: ${field} must be an integer from ${min} to 2147483647, got ${value}`);
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object';
  return `${typeof value} ${String(value)}`;
}
