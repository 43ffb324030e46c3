import fc from 'fast-check';
import { STRATEGY_REGISTRY, type PruneConfig } from '../../src/core/strategies/registry';
import type { OptionSpec } from '../../src/core/strategies/types';

/**
 * A valid config for any registered strategy, built from the registry alone (its bounds and option specs), so a
 * strategy added later is covered by every law test without touching them. Bounds are scaled to the transcript:
 * `maxTurns` from 0 to n + 2, `maxTokens` from 0 to a little over its size.
 */
export function strategyConfig(count: number, totalTokens: number, ids = STRATEGY_REGISTRY.map((s) => s.id)): fc.Arbitrary<PruneConfig> {
  return fc.constantFrom(...ids).chain((id) => {
    const definition = STRATEGY_REGISTRY.find((s) => s.id === id)!;
    const turns = fc.integer({ min: 0, max: count + 2 });
    const tokens = fc.integer({ min: 0, max: Math.ceil(totalTokens * 1.1) + 5 });
    const bound = fc.record(
      {
        ...(definition.bounds.includes('maxTurns') ? { maxTurns: turns } : {}),
        ...(definition.bounds.includes('maxTokens') ? { maxTokens: tokens } : {}),
      },
      { requiredKeys: [] },
    ).filter((b) => !definition.needsBound || Object.keys(b).length > 0);
    const options = fc.record(Object.fromEntries(definition.options.map((o) => [o.key, optionValue(o)])), { requiredKeys: [] });
    // Every strategy honours pins (law 8), so every strategy gets them.
    const pinned = fc.option(fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, count - 1) }), { maxLength: 3 }), { nil: undefined });
    // What a replay tells a strategy of its requests (peers read it: a trigger over the whole prompt, a model's default);
    // a large fixed part reaches the peers' triggers, whose minimums are far above a generated transcript.
    const request = fc.option(
      fc.record({ fixedTokens: fc.oneof(fc.integer({ min: 0, max: Math.ceil(totalTokens) + 5 }), fc.integer({ min: 40_000, max: 300_000 })), model: fc.constantFrom('claude-opus-4-6', 'claude-haiku-4-5', 'gpt-5') }, { requiredKeys: [] }),
      { nil: undefined },
    );
    return fc
      .tuple(bound, options, pinned, request)
      .map(([b, o, p, r]) => ({ strategy: id, ...b, ...o, ...(p !== undefined && count > 0 ? { pinned: p } : {}), ...(r !== undefined ? { request: r } : {}) }) as PruneConfig)
      // Options can depend on each other (a hard limit under the soft one): keep the configs the strategy takes.
      .filter((config) => {
        try {
          definition.normalize(config as never);
          return true;
        } catch {
          return false;
        }
      });
  });
}

function optionValue(spec: OptionSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case 'integer':
      // Small values matter most (keepRecent 0–3, a few tokens); the range's ends are covered too.
      return fc.oneof(fc.integer({ min: spec.min, max: Math.min(spec.max, spec.min + 12) }), fc.constantFrom(spec.min, spec.max, spec.default));
    case 'boolean':
      return fc.boolean();
    case 'string-list':
      return fc.uniqueArray(fc.constantFrom('tool0', 'tool1', 'lost', 'Read', 'Bash'), { maxLength: 2 });
    case 'choice':
      return fc.constantFrom(...spec.choices);
    case 'text':
      return fc.constantFrom('', 'fix the failing test', 'which files did we change', 'x'.repeat(Math.min(spec.maxLength, 300)));
  }
}
