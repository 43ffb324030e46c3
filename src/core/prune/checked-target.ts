import type { PruneStrategy, PrunerConfig } from '../types';

const STRATEGIES: readonly PruneStrategy[] = ['sliding-window', 'summarize', 'importance'];

/**
 * Checks a config and returns the number of messages to aim for: `maxTurns` floored, and at least 1 because the
 * most recent message is always kept. Errors name the field and the value, for callers wiring a settings UI.
 */
export function checkedTarget(config: PrunerConfig): number {
  if (config === null || typeof config !== 'object') {
    throw new TypeError('pruneMessages: config must be an object like { strategy: "sliding-window", maxTurns: 20 }');
  }
  if (!STRATEGIES.includes(config.strategy)) {
    throw new TypeError(
      `pruneMessages: unknown strategy ${JSON.stringify(config.strategy)}; expected one of ${STRATEGIES.join(', ')}`,
    );
  }
  const { maxTurns } = config;
  if (typeof maxTurns !== 'number' || Number.isNaN(maxTurns)) {
    throw new TypeError(`pruneMessages: maxTurns must be a number, got ${String(maxTurns)}`);
  }
  if (maxTurns < 0) throw new RangeError(`pruneMessages: maxTurns must be 0 or more, got ${maxTurns}`);
  return Math.max(1, Math.floor(maxTurns));
}
