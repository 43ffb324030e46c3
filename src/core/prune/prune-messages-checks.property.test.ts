/**
 * Law: `pruneMessages` answers exactly as its plain sequence does (check every message, then the config, a system
 * message sends the input to the view, then analyse and plan), for every strategy, over inputs that mix agent
 * transcripts with another API's messages, system messages and nulls, and configs that are right or wrong. The
 * importance path checks each message as its scan reads it, after settling the config; this holds that path to the
 * same error (the same message, for the same index) and the same output.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { STRATEGY_REGISTRY, type PrunerConfig } from '../strategies/registry';
import { getStrategy } from '../strategies/get-strategy';
import { normalizeConfig } from '../strategies/normalize-config';
import { checkCanonicalMessages } from '../shapes/check-canonical-messages';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { applyPrunePlan } from '../plan/apply-prune-plan';
import { pruneMessages } from './prune-messages';
import { checkConfigObject } from './check-config-object';
import { pruneView } from './prune-view';
import { canonicalView } from './canonical-view';
import { canonicalCodec } from './canonical-codec';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';

function plainSequence(input: readonly unknown[], config: PrunerConfig): unknown[] {
  const seen = { system: false };
  checkCanonicalMessages(input, 'pruneMessages', true, seen);
  checkConfigObject(config);
  if (seen.system) return pruneView(input, canonicalView(input), canonicalCodec, config).messages;
  const strategy = getStrategy(config.strategy);
  const settings = normalizeConfig(strategy, config);
  const analysis = analyzeTranscript(input, config.tokenCounter ? { counter: config.tokenCounter } : {});
  return applyPrunePlan(input, strategy.plan(analysis, settings));
}

function outcome(run: () => unknown[]): { out: unknown[] } | { error: string } {
  try {
    return { out: run() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

const stranger = fc.constantFrom<unknown>(
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: 'ok' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'f', input: {} }] },
  { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
  { role: 'system', content: 'be brief' },
  { role: 'developer', content: 'x' },
  null,
);

const input = fc
  .tuple(agentTranscript({ broken: true }), fc.array(fc.tuple(fc.nat(), stranger), { maxLength: 2 }))
  .map(([messages, inserts]) => {
    const out: unknown[] = [...messages];
    for (const [at, message] of inserts) out.splice(at % (out.length + 1), 0, message);
    return out;
  });

const config = fc.oneof(
  fc.record({ strategy: fc.constantFrom(...STRATEGY_REGISTRY.map((s) => s.id)), maxTurns: fc.nat(12) }),
  fc.record({ strategy: fc.constantFrom(...STRATEGY_REGISTRY.map((s) => s.id)), maxTokens: fc.nat(4000) }),
  fc.constantFrom<unknown>(null, { strategy: 'no-such' }, { strategy: STRATEGY_REGISTRY[0].id, maxTurn: 3 }, { strategy: STRATEGY_REGISTRY[0].id, maxTurns: -1 }),
) as fc.Arbitrary<PrunerConfig>;

describe('pruneMessages checks as its plain sequence does', () => {
  it('the same error or the same output, for every strategy (800 cases)', () => {
    fc.assert(
      fc.property(input, config, (messages, cfg) => {
        const expected = outcome(() => plainSequence(messages, cfg));
        const actual = outcome(() => pruneMessages(messages as readonly Message[], cfg));
        if ('error' in expected) expect(actual).toEqual(expected);
        else {
          expect('out' in actual).toBe(true);
          // Kept messages are the input objects; summaries and masks are new ones, equal by value.
          expect(actual).toEqual(expected);
        }
      }),
      { numRuns: 800 },
    );
  });
});
