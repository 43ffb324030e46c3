import { describe, expect, it } from 'vitest';
import { resolveContextPrunerConfig } from './resolve-context-pruner-config';
import { charsTokenCounter } from '../tokens/chars-token-counter';

describe('resolveContextPrunerConfig', () => {
  it('fills every default, so one field can be given alone', () => {
    const resolved = resolveContextPrunerConfig({ pinnedPrefixTurns: 2 });
    expect(resolved).toMatchObject({
      softLimitTokens: 500_000,
      hardLimitTokens: 800_000,
      pinnedPrefixTurns: 2,
      recentTailTurns: 5,
      pinTask: false,
      counter: charsTokenCounter,
      now: Date.now,
      createId: undefined,
    });
    expect(resolveContextPrunerConfig()).toMatchObject({ pinnedPrefixTurns: 1 });
  });

  it.each([
    [{ softLimitTokens: -1 }, RangeError, /softLimitTokens must be a finite number of tokens ≥ 0, got -1/],
    [{ hardLimitTokens: Number.POSITIVE_INFINITY }, RangeError, /hardLimitTokens must be a finite number of tokens ≥ 0, got Infinity/],
    [{ softLimitTokens: 900_000 }, RangeError, /softLimitTokens \(900000\) must not exceed hardLimitTokens \(800000, the default\)/],
    [{ pinnedPrefixTurns: 1.5 }, RangeError, /pinnedPrefixTurns must be an integer from 0 to 2147483647, got 1.5/],
    [{ recentTailTurns: 0 }, RangeError, /recentTailTurns must be an integer from 1 to 2147483647, got 0/],
    [{ softLimitTokens: '5' }, TypeError, /softLimitTokens must be a number of tokens, got "5"/],
    [{ pinTask: 'yes' }, TypeError, /pinTask must be a boolean, got "yes"/],
    [{ counter: { count: 1 } }, TypeError, /counter must be a TokenCounter/],
    [{ now: 5 }, TypeError, /now must be a function/],
    [{ createId: 'x' }, TypeError, /createId must be a function/],
    [{ softLimit: 10 }, TypeError, /unknown config field "softLimit"; expected one of softLimitTokens/],
  ])('rejects %j', (config, type, message) => {
    expect(() => resolveContextPrunerConfig(config as never)).toThrow(type);
    expect(() => resolveContextPrunerConfig(config as never)).toThrow(message);
  });

  it('rejects a config that is not an object', () => {
    expect(() => resolveContextPrunerConfig(null as never)).toThrow(/config must be an object/);
  });
});
