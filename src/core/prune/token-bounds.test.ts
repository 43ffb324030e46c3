/**
 * Every strategy takes a token budget (`maxTokens`) beside, or instead of, the seed's message bound: these are its
 * scenarios. Tokens here are the default estimate, ceil(characters / 4), so a message of 40 characters is 10 tokens.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { pruneMessages } from './prune-messages';
import { planPrune } from './plan-prune';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { REASON } from '../plan/reason';
import { STRATEGY_REGISTRY } from '../strategies/registry';
import { getStrategy } from '../strategies/get-strategy';
import { callTurn, resultTurn } from '../../../test/support/build-messages';

const words = (tokens: number, role: 'user' | 'assistant', tag: string): Message => ({ role, content: `${tag}:`.padEnd(tokens * 4, '.') });

/** Six messages of 10 tokens each: u0 a1 u2 a3 u4 a5. */
const six = (): Message[] => Array.from({ length: 6 }, (_, i) => words(10, i % 2 === 0 ? 'user' : 'assistant', `m${i}`));

describe('token budgets', () => {
  it('sliding window keeps the newest messages whose tokens fit', () => {
    const input = six();
    expect(pruneMessages(input, { strategy: 'sliding-window', maxTokens: 35 })).toEqual(input.slice(3));
    expect(pruneMessages(input, { strategy: 'sliding-window', maxTokens: 60 })).toEqual(input);
  });

  it('sliding window moves a cut that splits a pair later, so the budget holds', () => {
    const input: Message[] = [words(10, 'user', 'task'), callTurn('a'), resultTurn('a'), words(10, 'assistant', 'end')];
    const tokens = analyzeTranscript(input).tokens;
    const budget = (tokens[2] as number) + (tokens[3] as number);
    const plan = planPrune(analyzeTranscript(input), { strategy: 'sliding-window', maxTokens: budget });
    expect(plan.kept).toBe(1);
    expect(plan.tokens).toBeLessThanOrEqual(budget);
  });

  it('with both bounds, the tighter one decides', () => {
    const input = six();
    expect(pruneMessages(input, { strategy: 'sliding-window', maxTurns: 2, maxTokens: 60 })).toHaveLength(2);
    expect(pruneMessages(input, { strategy: 'sliding-window', maxTurns: 5, maxTokens: 20 })).toHaveLength(2);
  });

  it('the most recent message is kept even when it alone is over, and the plan says by how much', () => {
    const plan = planPrune(analyzeTranscript(six()), { strategy: 'sliding-window', maxTokens: 4 });
    expect(plan.kept).toBe(1);
    expect(plan.reasons[5]).toBe(REASON.floor);
    expect(plan.over).toMatchObject({ unit: 'tokens', by: 6 });
  });

  it('summarize counts its summary message against the budget', () => {
    const input = six();
    const plan = planPrune(analyzeTranscript(input), { strategy: 'summarize', maxTokens: 30 });
    const summaryTokens = plan.inserts[0]?.tokens ?? 0;
    expect(summaryTokens).toBeGreaterThan(0);
    expect(plan.tokens).toBe(plan.kept * 10 + summaryTokens);
    expect(plan.tokens).toBeLessThanOrEqual(30);
    expect(plan.inserts[0]).toMatchObject({ before: 6 - plan.kept, replaces: 6 - plan.kept });
  });

  it('importance drops the lowest-scoring groups until the tokens fit', () => {
    const input: Message[] = [words(50, 'user', 'long old'), words(10, 'assistant', 'a'), words(10, 'user', 'b'), words(10, 'assistant', 'c')];
    const plan = planPrune(analyzeTranscript(input), { strategy: 'importance', maxTokens: 25 });
    expect(plan.tokens).toBeLessThanOrEqual(25);
    expect(plan.fates[3]).toBe(0);
    expect(pruneMessages(input, { strategy: 'importance', maxTokens: 25 })).toHaveLength(plan.kept);
  });

  it('importance never drops a pinned message', () => {
    const plan = planPrune(analyzeTranscript(six()), { strategy: 'importance', maxTurns: 1, pinned: [0] });
    expect(plan.fates[0]).toBe(0);
    expect(plan.reasons[0]).toBe(REASON.pinned);
    expect(plan.over).toMatchObject({ unit: 'messages', by: 1 });
  });
});

describe('the registry', () => {
  it('an unknown strategy is a TypeError naming every registered one', () => {
    const names = STRATEGY_REGISTRY.map((s) => s.id).join(', ');
    expect(() => pruneMessages(six(), { strategy: 'newest', maxTurns: 1 } as never)).toThrow(`expected one of ${names}`);
    expect(() => getStrategy(undefined)).toThrow(TypeError);
  });

  it('a strategy that needs a bound says so when it has none', () => {
    expect(() => pruneMessages(six(), { strategy: 'importance' })).toThrow(/needs maxTurns or maxTokens/);
    expect(() => pruneMessages(six(), { strategy: 'sliding-window', maxTokens: -1 })).toThrow(RangeError);
    expect(() => pruneMessages(six(), { strategy: 'sliding-window', maxTokens: Number.NaN })).toThrow(TypeError);
  });

  it('every entry is complete: a unique id, words for people, defaults inside their ranges', () => {
    const ids = new Set<string>();
    for (const strategy of STRATEGY_REGISTRY) {
      expect(ids.has(strategy.id)).toBe(false);
      ids.add(strategy.id);
      expect(strategy.label.length).toBeGreaterThan(0);
      expect(strategy.description).toMatch(/\.$/);
      for (const option of strategy.options) {
        if (option.kind === 'integer') {
          expect(option.default).toBeGreaterThanOrEqual(option.min);
          expect(option.default).toBeLessThanOrEqual(option.max);
        }
        expect(() => getStrategy(strategy.id).normalize({ strategy: strategy.id, maxTurns: 1, [option.key]: option.default } as never)).not.toThrow();
      }
    }
  });
});
