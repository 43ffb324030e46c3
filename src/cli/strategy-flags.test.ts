import { describe, expect, it } from 'vitest';
import { STRATEGY_REGISTRY, type OptionSpec } from '../lib/index';
import { parseFlags } from './args';
import { CliError } from './errors';
import { flagName, readStrategyOptions, strategyConfig, strategyFlags, strategyFlagSpecs } from './strategy-flags';

function options(strategy: Parameters<typeof readStrategyOptions>[1], args: string[], strict = true) {
  const flags = strategyFlags();
  const { values } = parseFlags('prune', args, strategyFlagSpecs(flags));
  return readStrategyOptions('prune', strategy, values, flags, strict);
}

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return (error as CliError).message;
  }
  throw new Error('expected a CliError');
}

describe('strategyFlags', () => {
  it('gives every option of every registered strategy a flag of its kind', () => {
    const flags = strategyFlags();
    const specs = strategyFlagSpecs(flags);
    for (const strategy of STRATEGY_REGISTRY) {
      for (const option of strategy.options as readonly OptionSpec[]) {
        const flag = flags.get(flagName(option.key));
        expect(flag?.strategies).toContain(strategy.id);
        expect(specs[flagName(option.key)]).toEqual(
          option.kind === 'boolean' ? { type: 'boolean' } : option.kind === 'string-list' ? { type: 'string', multiple: true } : { type: 'string' },
        );
      }
    }
  });

  it('refuses an option that would shadow a command flag, and one flag of two kinds', () => {
    expect(() => strategyFlags(['keep-recent'])).toThrow('strategy observation-masking: option keepRecent would be --keep-recent, which the command uses for itself');
    const a = { id: 'a', options: [{ key: 'size', label: 'Size', description: '', kind: 'integer', default: 1, min: 0, max: 9 }] } as const;
    const b = { id: 'b', options: [{ key: 'size', label: 'Size', description: '', kind: 'text', default: '', maxLength: 9 }] } as const;
    expect(() => strategyFlags([], [a, b] as never)).toThrow('strategies a and b both define --size, as integer and text');
    const c = { id: 'c', options: a.options } as const;
    expect(strategyFlags([], [a, c] as never).get('size')?.strategies).toEqual(['a', 'c']);
  });
});

describe('readStrategyOptions', () => {
  it('converts each kind, leaving out what was not given', () => {
    expect(options('observation-masking', ['--keep-recent', '1_000', '--exclude-tools', 'Read, Grep', '--exclude-tools', 'Bash', '--clear-tool-inputs'])).toEqual({
      keepRecent: 1000,
      excludeTools: ['Read', 'Grep', 'Bash'],
      clearToolInputs: true,
    });
    expect(options('governor', ['--no-keep-task', '--intent', 'search', '--query', 'flaky test'])).toEqual({ keepTask: false, intent: 'search', query: 'flaky test' });
    expect(options('sliding-window', [])).toEqual({});
    // As with most command lines, a repeated single-valued flag takes its last value.
    expect(options('governor', ['--intent', 'planning', '--intent', 'search'])).toEqual({ intent: 'search' });
  });

  it('says which flag is wrong and what it takes', () => {
    expect(usageError(() => options('observation-masking', ['--min-tokens', '1e3']))).toBe('prune: --min-tokens must be a whole number, got "1e3"');
    expect(usageError(() => options('token-budget', ['--recent-tail-turns', '0']))).toBe('prune: --recent-tail-turns must be from 1 to 10,000, got 0');
    expect(usageError(() => options('governor', ['--query', 'x'.repeat(501)]))).toBe('prune: --query must be at most 500 characters, got 501');
    expect(usageError(() => options('summarize', ['--pin-task']))).toBe('prune: --pin-task is an option of token-budget, not of summarize');
    expect(options('summarize', ['--pin-task'], false)).toEqual({});
  });
});

describe('strategyConfig', () => {
  it('passes the bounds a strategy takes; strict, refuses the others', () => {
    expect(strategyConfig('prune', 'importance', { maxTurns: 5, maxTokens: 900 }, {}, true)).toEqual({ strategy: 'importance', maxTurns: 5, maxTokens: 900 });
    expect(strategyConfig('report', 'observation-masking', { maxTurns: 5 }, { keepRecent: 2 }, false)).toEqual({ strategy: 'observation-masking', keepRecent: 2 });
    expect(usageError(() => strategyConfig('prune', 'token-budget', { maxTurns: 5 }, {}, true))).toBe('prune: token-budget takes --max-tokens only, not --max-turns');
    expect(usageError(() => strategyConfig('prune', 'governor', {}, {}, true))).toBe('prune: governor needs --max-tokens or --max-turns, for example --max-tokens 20000');
    // A message bound's example is a number of messages (it read --max-turns 20000 for a 22-message file).
    expect(usageError(() => strategyConfig('prune', 'sliding-window', {}, {}, true))).toBe('prune: sliding-window needs --max-turns or --max-tokens, for example --max-turns 40');
  });
});
