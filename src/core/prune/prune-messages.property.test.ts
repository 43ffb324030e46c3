/**
 * Laws of `pruneMessages`, checked over generated agent transcripts (see `agentTranscript`: parallel calls,
 * reused ids, long results, broken inputs), for every strategy and every maxTurns from 0 to n + 2:
 *
 *  1. No orphan added: every tool call or result that had a partner in the input has it in the output.
 *  2. No mutation: the input deep-equals its copy taken before the call.
 *  3. Determinism: the same call twice gives deep-equal outputs.
 *  4. Identity and order: kept messages are the input objects themselves, in input order.
 *  5. Bounds: sliding-window and summarize keep a suffix of at least min(max(maxTurns, 1), n) messages;
 *     summarize adds exactly one summary, first, counting the messages it replaced, iff it replaced any;
 *     importance keeps at most max(maxTurns, size of the last message's unit) and always the last message.
 *  6. Never empty for non-empty input.
 *  7. Oracles: the fast core equals the O(n²) reference in `naive-oracles.ts`, for links and for output.
 *  8. One answer two ways: the inspector's path (analyzeTranscript → planPrune → applyPrunePlan, groups read
 *     forwards) gives exactly what pruneMessages gives (sliding window found by a backward scan).
 *
 * Over 10,000 cases run per `npm test`. On failure fast-check prints `{ seed, path }`; replay with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/core/prune-messages.property.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import type { StrategyId } from '../strategies/registry';
import { pruneMessages } from './prune-messages';
import { linkToolCalls } from '../links/link-tool-calls';
import { createSummaryMessage } from '../summary/create-summary-message';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { planPrune } from './plan-prune';
import { applyPrunePlan } from '../plan/apply-prune-plan';
import { transcriptAndBound, agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { findAddedOrphans } from '../../../test/support/find-added-orphans';
import { naiveLinks, naivePrune, naiveUnits } from '../../../test/support/naive-oracles';

const STRATEGIES: StrategyId[] = ['sliding-window', 'summarize', 'importance'];
const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

function keptPart(strategy: StrategyId, out: Message[], input: Message[]): Message[] {
  if (strategy !== 'summarize' || out.length === 0 || input.includes(out[0] as Message)) return out;
  return out.slice(1);
}

describe('pruneMessages laws over generated agent transcripts', () => {
  it.each(STRATEGIES)('%s: laws 1–6 hold for every maxTurns (3,400 cases)', (strategy) => {
    fc.assert(
      fc.property(transcriptAndBound(), ([input, maxTurns]) => {
        const before = structuredClone(input);
        const out = pruneMessages(input, { strategy, maxTurns });
        const n = input.length;

        expect(findAddedOrphans(input, out)).toEqual([]);
        expect(input).toEqual(before);
        expect(pruneMessages(input, { strategy, maxTurns })).toEqual(out);

        const kept = keptPart(strategy, out, input);
        let cursor = 0;
        for (const message of kept) {
          cursor = input.indexOf(message, cursor);
          expect(cursor, 'kept message is an input object, in order').toBeGreaterThanOrEqual(0);
          cursor++;
        }

        if (n > 0) expect(out.length).toBeGreaterThan(0);
        if (strategy === 'importance') {
          const lastGroup = naiveUnits(input).find((g) => g.includes(n - 1))?.length ?? 0;
          expect(kept.length).toBeLessThanOrEqual(Math.max(maxTurns, lastGroup));
          if (n > 0) expect(kept.at(-1)).toBe(input[n - 1]);
        } else {
          expect(kept).toEqual(input.slice(n - kept.length));
          expect(kept.every((m, k) => m === input[n - kept.length + k])).toBe(true);
          expect(kept.length).toBeGreaterThanOrEqual(Math.min(Math.max(maxTurns, 1), n));
          const replaced = n - kept.length;
          if (strategy === 'summarize') {
            expect(out.length - kept.length).toBe(replaced > 0 ? 1 : 0);
            if (replaced > 0) expect(out[0]).toEqual(createSummaryMessage(replaced));
          } else {
            expect(out.length, 'sliding window adds no message').toBe(kept.length);
          }
        }
      }),
      { numRuns: 3400, ...replay },
    );
  });

  it('law 7: linkToolCalls agrees with the naive backwards scan (1,000 cases)', () => {
    fc.assert(
      fc.property(agentTranscript(), (input) => {
        const { pairs, orphans } = linkToolCalls(input);
        expect(pairs.map((p) => `${p.id}:${p.useIndex}.${p.useBlock}->${p.resultIndex}.${p.resultBlock}`).sort()).toEqual(
          naiveLinks(input).pairs,
        );
        expect(orphans.map((o) => `${o.kind} ${o.id}@${o.messageIndex}.${o.blockIndex}`).sort()).toEqual(
          naiveLinks(input).orphans,
        );
      }),
      { numRuns: 1000, ...replay },
    );
  });

  it('law 7 past the recent-call stack: long transcripts with many open calls pair as the naive scan does (150 cases)', () => {
    // The scan keeps the newest 64 unanswered calls on a stack and spills older ones to a map: reach the map.
    fc.assert(
      fc.property(agentTranscript({ maxEpisodes: 300 }), (input) => {
        const { pairs, orphans } = linkToolCalls(input);
        const naive = naiveLinks(input);
        expect(pairs.length).toBe(naive.pairs.length);
        expect(orphans.map((o) => `${o.kind} ${o.id}@${o.messageIndex}.${o.blockIndex}`).sort()).toEqual(naive.orphans);
      }),
      { numRuns: 150, ...replay },
    );
  });

  it.each(STRATEGIES)('law 7: %s equals the naive reference (1,000 cases)', (strategy) => {
    fc.assert(
      fc.property(transcriptAndBound({ maxEpisodes: 15 }), ([input, maxTurns]) => {
        expect(pruneMessages(input, { strategy, maxTurns })).toEqual(naivePrune(input, strategy, maxTurns));
      }),
      { numRuns: 1000, ...replay },
    );
  });

  it('law 8: analyze once + planPrune per bound equals pruneMessages (1,000 cases)', () => {
    fc.assert(
      fc.property(transcriptAndBound(), ([input, maxTurns]) => {
        const analysis = analyzeTranscript(input);
        for (const strategy of STRATEGIES) {
          const plan = planPrune(analysis, { strategy, maxTurns });
          expect(applyPrunePlan(input, plan)).toEqual(pruneMessages(input, { strategy, maxTurns }));
          expect(plan.kept + plan.dropped + plan.summarized).toBe(input.length);
        }
      }),
      { numRuns: 1000, ...replay },
    );
  });

  it('a test that cannot fail is a defect: the law checks catch a pruner that splits pairs', () => {
    // Cuts exactly at maxTurns, ignoring pairs, as a naive pruner would.
    const careless = (input: Message[], maxTurns: number) => input.slice(Math.max(0, input.length - Math.max(1, maxTurns)));
    const result = fc.check(
      fc.property(transcriptAndBound({ broken: false }), ([input, maxTurns]) =>
        findAddedOrphans(input, careless(input, maxTurns)).length === 0,
      ),
      { numRuns: 2000, seed: 42 },
    );
    expect(result.failed).toBe(true);
  });
});
