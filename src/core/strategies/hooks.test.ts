/**
 * The optional hooks of a strategy definition (`keepsEverything`, `replay`), held to what they promise for every
 * registered strategy, and their defaults shown on a strategy that has none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { STRATEGY_REGISTRY, type PruneConfig, type RegisteredStrategy } from './registry';
import { getStrategy } from './get-strategy';
import { normalizeConfig } from './normalize-config';
import { resolveReplay } from './resolve-replay';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { planPrune } from '../prune/plan-prune';
import { FATE } from '../plan/fate';
import { listReplayRequests } from '../requests/list-replay-requests';
import { createReplayContext } from '../requests/create-replay-context';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { strategyConfig } from '../../../test/support/strategy-config-arbitrary';

function contextOf(messages: Message[]) {
  const tokens = messages.map(() => 100);
  const requests = listReplayRequests(messages, tokens, [], [], undefined, undefined);
  return createReplayContext(messages, requests, tokens, undefined, charsTokenCounter);
}

describe('strategy hooks', () => {
  it('keepsEverything never says so wrongly: when it does, the plan keeps every message as it is (1,000 cases)', () => {
    fc.assert(
      fc.property(
        agentTranscript().chain((messages) => fc.tuple(fc.constant(messages), strategyConfig(messages.length, analyzeTranscript(messages).suffixTokens[0] as number))),
        ([messages, config]) => {
          const analysis = analyzeTranscript(messages);
          const { planner } = resolveReplay(config);
          // With the view (as a live replay asks) and without it (as the stateless replays do): either yes must hold.
          const total = analysis.suffixTokens[0] as number;
          if (!planner.keepsEverything(analysis.count, total, messages) && !planner.keepsEverything(analysis.count, total)) return;
          const plan = planPrune(analysis, config);
          expect([...plan.fates].every((fate) => fate === FATE.kept)).toBe(true);
          expect(plan.inserts).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('planQuick makes the plan `plan` makes of the default analysis, fates, reasons and totals alike (600 cases)', () => {
    const quick = STRATEGY_REGISTRY.filter((s) => (s as RegisteredStrategy).planQuick !== undefined).map((s) => s.id);
    expect(quick.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(
        agentTranscript().chain((messages) =>
          fc.tuple(
            fc.constant(messages),
            strategyConfig(messages.length, analyzeTranscript(messages).suffixTokens[0] as number, quick),
            fc.uniqueArray(fc.integer({ min: 0, max: messages.length + 1 }), { maxLength: 3 }),
          ),
        ),
        ([messages, config, pinned]) => {
          const strategy = getStrategy(config.strategy) as RegisteredStrategy;
          const settings = normalizeConfig(strategy, { ...config, ...(pinned.length > 0 ? { pinned } : {}) } as never);
          const full = strategy.plan(analyzeTranscript(messages), settings as never);
          const fast = strategy.planQuick?.(messages, settings as never, true);
          if (fast === undefined) return;
          const { replacement: _full, ...want } = full;
          const { replacement: _fast, ...got } = fast;
          expect(got).toEqual(want);
          expect(strategy.planQuick?.(messages, settings as never, false)?.fates).toEqual(full.fates);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('planSuffix makes the plan `plan` makes of the default analysis, reading only what it needs (800 cases)', () => {
    const suffix = STRATEGY_REGISTRY.filter((s) => (s as RegisteredStrategy).planSuffix !== undefined).map((s) => s.id);
    expect(suffix.sort()).toEqual(['sliding-window', 'summarize']);
    let settled = 0;
    fc.assert(
      fc.property(
        fc.array(agentTranscript(), { minLength: 1, maxLength: 8 }).chain((parts) => {
          const messages = parts.flat();
          const total = analyzeTranscript(messages).suffixTokens[0] as number;
          return fc.tuple(fc.constant(messages), strategyConfig(messages.length, total, suffix), fc.integer({ min: 1, max: 100 }));
        }),
        ([messages, config, percent]) => {
          const strategy = getStrategy(config.strategy) as RegisteredStrategy;
          const total = analyzeTranscript(messages).suffixTokens[0] as number;
          // A token bound small enough that the window cuts far above the start, where the suffix path settles.
          // Pins make it decline (they reach back anywhere): left out here.
          const tokens = { ...config, pinned: undefined, maxTokens: Math.floor((total * percent) / 400) } as never;
          const settings = normalizeConfig(strategy, tokens);
          const full = strategy.plan(analyzeTranscript(messages), settings as never);
          const read = new Set<number>();
          const list = { length: messages.length, at: (i: number) => (read.add(i), messages[i]) };
          const fast = strategy.planSuffix?.(list, settings as never);
          if (fast === undefined) return;
          settled++;
          const { replacement: _full, ...want } = full;
          const { replacement: _fast, ...got } = fast;
          expect(got).toEqual(want);
          // It reads the kept messages and a margin, not the history before it.
          expect(Math.min(...read)).toBeGreaterThan(0);
        },
      ),
      { numRuns: 800 },
    );
    // A test that never takes the path proves nothing.
    expect(settled).toBeGreaterThan(200);
  });

  it('a strategy without a fast stateless replay is marked slow, so the O(n²) default is never silent', () => {
    const silent = STRATEGY_REGISTRY.filter((s) => (s as RegisteredStrategy).replay?.stateless === undefined && s.slow !== true).map((s) => s.id);
    expect(silent).toEqual([]);
  });

  it('defaults: no keepsEverything means only an empty history is known kept; a trigger of its own replaces the replay’s', () => {
    const window = getStrategy(STRATEGY_REGISTRY[0].id);
    const bare: RegisteredStrategy = { ...window, keepsEverything: undefined, replay: undefined };
    const config = { strategy: window.id, maxTurns: 3 } as PruneConfig;
    expect(resolveReplay(config, bare).planner.keepsEverything(0, 0)).toBe(true);
    expect(resolveReplay(config, bare).planner.keepsEverything(1, 1)).toBe(false);
    expect(resolveReplay(config, window).planner.keepsEverything(1, 1)).toBe(true);

    const messages: Message[] = [{ role: 'user', content: 'go' }];
    for (let k = 0; k < 12; k++) messages.push({ role: 'assistant', content: `step ${k}` }, { role: 'user', content: `ok ${k}` });
    const context = contextOf(messages);
    const never = { kind: 'tokens', over: 1e12 } as const;
    const every = { kind: 'every', requests: 1 } as const;
    const ownTrigger: RegisteredStrategy = { ...bare, replay: { trigger: () => every } };
    const own = resolveReplay(config, ownTrigger).live(context, never, 0);
    expect(own).toEqual(resolveReplay(config, bare).live(context, every, 0));
    expect(own).not.toEqual(resolveReplay(config, bare).live(context, never, 0));
    // The default stateless replay is the exact one, and equals the window's own fast replay.
    expect(resolveReplay(config, bare).stateless(context)).toEqual(resolveReplay(config, window).stateless(context));
  });
});
