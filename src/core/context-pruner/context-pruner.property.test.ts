/**
 * Laws of the token-budget pruner over generated agent transcripts (parallel calls, reused ids, long results,
 * broken inputs; see `agentTranscript`), under generated limits, prefixes, tails and pins:
 *
 *  1. No mutation, and determinism (the same prune twice gives deep-equal results).
 *  2. Order kept: the kept turns are input turns, in input order; at most one summary turn.
 *  3. Bounds: tokensSaved ≥ 0; a pruned window is smaller; removedTurnCount is what the summarizer got; the
 *     prefix, the pinned turns and the last turn are kept; the summary sits after every kept turn that came
 *     before a summarized one and before every kept turn that came after the last summarized one.
 *  4. No orphan added; for inputs the API accepts, the output is accepted too (all three providers); for inputs it
 *     rejects, every problem of the output lies in a turn that holds a message already broken in the input.
 *  5. One plan: `planTokenBudgetPrune` over the same messages keeps and summarizes exactly what `prune` did,
 *     with the same summary text and the same tokens after.
 *
 * On failure fast-check prints `{ seed, path }`; replay with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/core/context-pruner/context-pruner.property.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import type { ContextPrunerConfig, ContextWindow, ConversationTurn, Summarizer } from './types';
import type { Provider } from '../formats/types';
import { ContextPruner } from './context-pruner';
import { toContextWindow } from './to-context-window';
import { fromContextWindow } from './from-context-window';
import { planTokenBudgetPrune } from './plan-token-budget-prune';
import { applyTokenBudgetPlan } from '../../../test/support/apply-token-budget-plan';
import { isContextSummary } from '../summary/is-context-summary';
import { validateMessages } from '../formats/validate-messages';
import { groupMessages } from '../links/group-messages';
import { linkToolCalls } from '../links/link-tool-calls';
import { createExtractiveSummarizer } from '../summary/create-extractive-summarizer';
import { agentTranscript, validAgentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { findAddedOrphans } from '../../../test/support/find-added-orphans';
import { charsCounter } from '../../../test/support/build-turns';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};
const PROVIDERS: Provider[] = ['anthropic', 'openai-chat', 'openai-responses'];
const extractive = createExtractiveSummarizer({ maxTokens: 200, counter: charsCounter });

/** A case: a transcript as a window, and a config whose limits sit around its total so every urgency occurs. */
const pruneCase = (transcript: fc.Arbitrary<Message[]>) =>
  transcript.chain((messages) =>
    fc.record({
      messages: fc.constant(messages),
      pinned: fc.subarray(messages.map((_, i) => i), { maxLength: Math.min(5, messages.length) }),
      softShare: fc.double({ min: 0, max: 1.2, noNaN: true }),
      hardShare: fc.double({ min: 0, max: 1, noNaN: true }),
      pinnedPrefixTurns: fc.integer({ min: 0, max: 4 }),
      recentTailTurns: fc.integer({ min: 1, max: 6 }),
      pinTask: fc.boolean(),
    }),
  );

function setUp(c: { messages: Message[]; pinned: number[]; softShare: number; hardShare: number } & Partial<ContextPrunerConfig>) {
  const window = toContextWindow(c.messages, charsCounter, { pinned: c.pinned });
  const total = window.totalTokenEstimate;
  const softLimitTokens = Math.floor(total * c.softShare);
  const config: ContextPrunerConfig = {
    softLimitTokens,
    hardLimitTokens: softLimitTokens + Math.floor(total * c.hardShare),
    pinnedPrefixTurns: c.pinnedPrefixTurns,
    recentTailTurns: c.recentTailTurns,
    pinTask: c.pinTask,
    counter: charsCounter,
    now: () => 0,
  };
  return { window, config };
}

/** Records what the summarizer was given, delegating to the extractive one. */
function recording(): Summarizer & { given: ConversationTurn[][] } {
  const given: ConversationTurn[][] = [];
  return { given, summarize: (turns, context, options) => (given.push([...turns]), extractive.summarize(turns, context, options)) };
}

describe('ContextPruner laws over generated agent transcripts', () => {
  it('laws 1–3: no mutation, determinism, order, bounds, pins and summary placement (400 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(pruneCase(agentTranscript({ interleaved: true })), async (c) => {
        const { window, config } = setUp(c);
        const before = structuredClone(window);
        const summarizer = recording();
        const result = await new ContextPruner(summarizer, config).prune(window);
        expect(window).toEqual(before);
        expect(await new ContextPruner(extractive, config).prune(window)).toEqual(result);

        expect(result.tokensSaved ?? 0).toBeGreaterThanOrEqual(0);
        if (!result.pruned) {
          expect(result.window).toBe(window);
          expect(result.reason).toBeDefined();
          return;
        }
        const out = result.window.turns;
        const summaryAt = out.findIndex((t) => !window.turns.some((u) => u.id === t.id));
        expect(out.filter((t) => isContextSummary(t.content) && !window.turns.some((u) => u.id === t.id))).toHaveLength(1);
        const keptIds = out.filter((_, k) => k !== summaryAt).map((t) => t.id);
        const index = new Map(window.turns.map((t, i) => [t.id, i]));
        const keptIndices = keptIds.map((id) => index.get(id) as number);
        expect(keptIndices).toEqual([...keptIndices].sort((a, b) => a - b));

        expect(summarizer.given).toHaveLength(1);
        const summarized = (summarizer.given[0] as ConversationTurn[]).map((t) => index.get(t.id) as number);
        expect(result.removedTurnCount).toBe(summarized.length);
        expect(new Set([...keptIndices, ...summarized]).size).toBe(window.turns.length);
        expect(result.window.totalTokenEstimate).toBeLessThan(window.totalTokenEstimate);

        for (const i of c.pinned) expect(keptIndices).toContain(i);
        expect(keptIndices).toContain(window.turns.length - 1);
        const firstSummarized = Math.min(...summarized);
        for (let i = 0; i < Math.min(c.pinnedPrefixTurns ?? 0, firstSummarized); i++) expect(keptIndices).toContain(i);
        const lastSummarized = Math.max(...summarized);
        keptIndices.forEach((i, k) => {
          const position = k < summaryAt ? 'before' : 'after';
          if (i < firstSummarized) expect(position, `kept turn ${i} precedes every summarized turn`).toBe('before');
          if (i > lastSummarized && position === 'before') {
            // Only a kept group spanning the last summarized turn may pull a later turn before the summary.
            const groups = groupMessages(fromContextWindow(window));
            const g = groups.groupOf[i] as number;
            expect(groups.groupFirst[g] as number).toBeLessThan(lastSummarized);
          }
        });
      }),
      { numRuns: 400, ...replay },
    );
  });

  it('law 4: no orphan added, over broken inputs too (400 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(pruneCase(agentTranscript({ interleaved: true })), async (c) => {
        const { window, config } = setUp(c);
        const result = await new ContextPruner(extractive, config).prune(window);
        expect(findAddedOrphans(fromContextWindow(window), fromContextWindow(result.window))).toEqual([]);
      }),
      { numRuns: 400, ...replay },
    );
  });

  it('law 4: what the API accepted, it still accepts after pruning (anthropic, openai-chat, openai-responses; 400 cases)', async () => {
    let accepted = 0;
    let pruned = 0;
    await fc.assert(
      fc.asyncProperty(pruneCase(validAgentTranscript({ interleaved: true })), async (c) => {
        const { window, config } = setUp(c);
        const input = fromContextWindow(window);
        const valid = PROVIDERS.filter((p) => validateMessages(input, p).length === 0);
        if (valid.includes('anthropic')) accepted++;
        const result = await new ContextPruner(extractive, config).prune(window);
        if (result.pruned) pruned++;
        const output = fromContextWindow(result.window);
        for (const provider of valid) expect(validateMessages(output, provider), provider).toEqual([]);
      }),
      { numRuns: 400, ...replay },
    );
    // The law only bites on accepted inputs that were pruned; make sure the generator yields plenty.
    expect(accepted).toBeGreaterThan(300);
    expect(pruned).toBeGreaterThan(100);
  });

  it('law 4: on inputs the API rejects, every problem of the output lies in a turn holding a message already broken (400 cases)', async () => {
    // Not per message nor per rule: the Anthropic validator reports one problem per merged turn (consecutive
    // messages of one role), at its first offending message, and names a stray result by what precedes it. Removing
    // the messages between two kept ones of the same role merges their turns, so a call the input was already
    // rejected for (an orphan) can meet a call reusing its id. What must hold: no turn without a broken message
    // goes wrong, and the summary itself is never the problem. (Valid inputs stay valid: the law above.)
    await fc.assert(
      fc.asyncProperty(pruneCase(agentTranscript({ interleaved: true })), async (c) => {
        const { window, config } = setUp(c);
        const input = fromContextWindow(window);
        const result = await new ContextPruner(extractive, config).prune(window);
        const output = fromContextWindow(result.window);
        const source = output.map((m) => input.findIndex((n) => n.content === m.content));
        const orphaned = new Set(linkToolCalls(input).orphans.map((o) => o.messageIndex));
        for (const provider of PROVIDERS) {
          const broken = new Set([...orphaned, ...validateMessages(input, provider).map((p) => p.messageIndex)]);
          for (const problem of validateMessages(output, provider)) {
            const k = problem.messageIndex;
            expect(source[k], `${provider}: ${problem.rule} on the summary`).toBeGreaterThanOrEqual(0);
            let first = k;
            while (first > 0 && output[first - 1]?.role === output[k]?.role) first--;
            let last = k;
            while (last < output.length - 1 && output[last + 1]?.role === output[k]?.role) last++;
            const turn = source.slice(first, last + 1);
            expect(turn.some((i) => broken.has(i)), `${provider}: ${problem.rule} at output ${k}`).toBe(true);
          }
        }
      }),
      { numRuns: 400, ...replay },
    );
  });

  it('law 5: planTokenBudgetPrune is the plan prune carries out (300 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(pruneCase(agentTranscript({ interleaved: true })), async (c) => {
        const { window, config } = setUp(c);
        const result = await new ContextPruner(extractive, config).prune(window);
        const messages = fromContextWindow(window);
        const plan = planTokenBudgetPrune({
          messages,
          tokenCounts: Float64Array.from(window.turns, (t) => t.tokenEstimate),
          pinned: c.pinned,
          config,
          summarize: extractive.summarizeSync,
        });
        expect(plan.pruned).toBe(result.pruned);
        expect(plan.urgency).toBe(result.urgency);
        expect(fromContextWindow(result.window)).toEqual(applyTokenBudgetPlan(messages, plan));
        if (result.pruned) {
          expect(plan.summaryText).toBe(result.summary);
          expect(plan.tokensAfter).toBe(result.window.totalTokenEstimate);
          expect(plan.tokensBefore - plan.tokensAfter).toBe(result.tokensSaved);
        } else {
          expect(plan.reason).toBe(result.reason);
        }
      }),
      { numRuns: 300, ...replay },
    );
  });

  it('a test that cannot fail is a defect: the orphan law catches a pruner that cuts without tool groups', () => {
    // Summarizes everything between the first turn and the last five, as a pruner blind to tool pairs would.
    const careless = (window: ContextWindow): Message[] => {
      const messages = fromContextWindow(window);
      const tail = Math.max(1, messages.length - 5);
      return [...messages.slice(0, 1), { role: 'user', content: '[Context Summary]\n…' }, ...messages.slice(tail)];
    };
    const check = fc.check(
      fc.property(agentTranscript({ broken: false }), (messages) => {
        const window = toContextWindow(messages, charsCounter);
        return findAddedOrphans(messages, careless(window)).length === 0;
      }),
      { numRuns: 500, seed: 42 },
    );
    expect(check.failed).toBe(true);
  });
});
