import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { planPrune } from '../../prune/plan-prune';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { resultPlaceholder } from './result-placeholder';
import { replayTranscript } from '../../replay/replay-transcript';
import { agentTranscript } from '../../../../test/support/agent-transcript-arbitrary';
import { findAddedOrphans } from '../../../../test/support/find-added-orphans';
import { user, toolUse } from '../../../../test/support/build-messages';

const LONG = Array.from({ length: 40 }, (_, i) => `line ${i} of a long file body`).join('\n');

/** `rounds` tool rounds, each a call and a 40-line result, after a task. */
function session(rounds: number, name = 'Read'): Message[] {
  const out: Message[] = [user('fix the bug')];
  for (let r = 0; r < rounds; r++) {
    out.push({ role: 'assistant', content: [toolUse(`t${r}`, name, { file_path: `/src/f${r}.ts` })] });
    out.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${r}`, content: LONG, ...(r === 0 ? { is_error: true } : {}) }] });
  }
  out.push({ role: 'assistant', content: 'done' });
  return out;
}

const resultOf = (message: Message | undefined): ContentBlock & { content?: unknown } =>
  (message?.content as ContentBlock[])[0] as ContentBlock & { content?: unknown };

describe('observation masking', () => {
  it('clears the content of results older than the last keepRecent, keeping every message and every pair', () => {
    const input = session(5);
    const out = pruneMessages(input, { strategy: 'observation-masking', keepRecent: 2 });
    expect(out).toHaveLength(input.length);
    for (const r of [0, 1, 2]) {
      const result = resultOf(out[2 + 2 * r]);
      expect(result.content).toMatch(/^\[Old tool result cleared: 40 lines, ≈\d+ tokens\]$/);
      expect(result.tool_use_id).toBe(`t${r}`);
    }
    expect(resultOf(out[2]).is_error).toBe(true);
    expect(out[8]).toBe(input[8]);
    expect(out[10]).toBe(input[10]);
    expect(out[1]).toBe(input[1]);
    expect(findAddedOrphans(input, out)).toEqual([]);
  });

  it('says why each message met its fate', () => {
    const plan = planPrune(analyzeTranscript(session(3)), { strategy: 'observation-masking', keepRecent: 1 });
    expect([...plan.fates]).toEqual([0, 0, 3, 0, 3, 0, 0, 0]);
    expect(plan.reasons[2]).toBe(REASON.oldResultCleared);
    expect(plan.reasons[6]).toBe(REASON.recentResult);
    expect(plan.reasons[1]).toBe(REASON.noToolResult);
    expect(plan.masked).toBe(2);
  });

  it('keepRecent 0 clears every result; keepRecent past the count clears none', () => {
    expect(planPrune(analyzeTranscript(session(3)), { strategy: 'observation-masking', keepRecent: 0 }).masked).toBe(3);
    const none = pruneMessages(session(3), { strategy: 'observation-masking', keepRecent: 3 });
    expect(none).toEqual(session(3));
  });

  it('never clears excluded tools, pinned messages, or results under minTokens', () => {
    const input = session(3, 'TodoWrite');
    expect(planPrune(analyzeTranscript(input), { strategy: 'observation-masking', keepRecent: 0, excludeTools: ['TodoWrite'] }).masked).toBe(0);
    const pinned = planPrune(analyzeTranscript(input), { strategy: 'observation-masking', keepRecent: 0, pinned: [2] });
    expect(pinned.fates[2]).toBe(FATE.kept);
    expect(pinned.reasons[2]).toBe(REASON.pinned);
    const small = planPrune(analyzeTranscript(input), { strategy: 'observation-masking', keepRecent: 0, minTokens: 10_000 });
    expect(small.masked).toBe(0);
    expect(small.reasons[2]).toBe(REASON.smallResult);
  });

  it('clearToolInputs clears the inputs of the calls whose results it clears', () => {
    const input = session(2);
    const out = pruneMessages(input, { strategy: 'observation-masking', keepRecent: 1, clearToolInputs: true });
    expect((out[1]?.content as ContentBlock[])[0]).toMatchObject({ type: 'tool_use', id: 't0', name: 'Read', input: { cleared: expect.stringMatching(/^\[Old tool input cleared: \d+ characters\]$/) } });
    expect(out[3]).toBe(input[3]);
  });

  it('with a token budget, clears the oldest results first and only until the messages fit', () => {
    const input = session(6);
    const analysis = analyzeTranscript(input);
    const total = analysis.suffixTokens[0] as number;
    const perResult = analysis.tokens[2] as number;
    const plan = planPrune(analysis, { strategy: 'observation-masking', keepRecent: 0, maxTokens: total - 1.5 * perResult });
    expect([...plan.fates].filter((f) => f === FATE.masked)).toHaveLength(2);
    expect(plan.fates[2]).toBe(FATE.masked);
    expect(plan.fates[4]).toBe(FATE.masked);
    expect(plan.reasons[6]).toBe(REASON.budget);
    expect(plan.tokens).toBeLessThanOrEqual(total - 1.5 * perResult);
    expect(plan.over).toBeUndefined();
  });

  it('says by how much it is over when clearing every old result is not enough', () => {
    const plan = planPrune(analyzeTranscript(session(3)), { strategy: 'observation-masking', keepRecent: 1, maxTokens: 10 });
    expect(plan.masked).toBe(2);
    expect(plan.over).toMatchObject({ unit: 'tokens', by: plan.tokens - 10 });
  });

  // A masked history masked again must not rewrite its placeholders' "≈N tokens": each rewrite breaks the cached
  // prefix. Counted at 500 tokens a message, a placeholder's share of its message passes the size test.
  it('leaves a result that already is a placeholder as it is: in the plan and in both replays', () => {
    const config = { strategy: 'observation-masking', keepRecent: 0, minTokens: 0 } as const;
    const masked = pruneMessages(session(4), config);
    const plan = planPrune(analyzeTranscript(masked, { tokens: masked.map(() => 500) }), config);
    expect(plan.masked).toBe(0);
    expect([...plan.reasons].filter((r) => r === REASON.alreadyCleared)).toHaveLength(4);
    for (const mode of ['stateless', 'live'] as const) {
      const replay = replayTranscript(masked, {
        strategies: [{ id: 'none' }, { id: 'm', config }],
        mode,
        trigger: { kind: 'tokens', over: 0 },
        prices: { model: 'm', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
        cache: { provider: 'anthropic', minTokens: 0 },
        tokens: masked.map(() => 500),
        fixedTokens: 0,
      });
      const [none, masking] = replay.strategies;
      // Masked again, each placeholder would be counted anew (tens of tokens, not 500): the requests would differ.
      expect(masking!.requests.map((r) => r.inputTokens), mode).toEqual(none!.requests.map((r) => r.inputTokens));
      expect(masking!.rewrites, mode).toBe(0);
    }
  });

  it('rejects options out of range, naming them', () => {
    expect(() => pruneMessages(session(1), { strategy: 'observation-masking', keepRecent: -1 })).toThrow(/keepRecent must be from 0 to 100000, got -1/);
    expect(() => pruneMessages(session(1), { strategy: 'observation-masking', keepRecent: 1.5 })).toThrow(TypeError);
    expect(() => pruneMessages(session(1), { strategy: 'observation-masking', excludeTools: 'Read' as unknown as string[] })).toThrow(
      /excludeTools must be an array of strings/,
    );
  });

  it('placeholders say lines and tokens in words a model reads', () => {
    expect(resultPlaceholder(1, 12)).toBe('[Old tool result cleared: 1 line, ≈12 tokens]');
    expect(resultPlaceholder(412, 5_123)).toBe('[Old tool result cleared: 412 lines, ≈5.1k tokens]');
    expect(resultPlaceholder(12_000, 250_400)).toBe('[Old tool result cleared: 12,000 lines, ≈250k tokens]');
  });

  it('property: message count unchanged, input untouched, every cleared result names its size (500 cases)', () => {
    fc.assert(
      fc.property(agentTranscript(), fc.nat({ max: 4 }), (input, keepRecent) => {
        const before = structuredClone(input);
        const out = pruneMessages(input, { strategy: 'observation-masking', keepRecent, minTokens: 0 });
        expect(out).toHaveLength(input.length);
        expect(input).toEqual(before);
        expect(findAddedOrphans(input, out)).toEqual([]);
        out.forEach((message, i) => {
          if (message === input[i] || !Array.isArray(message.content)) return;
          for (const block of message.content) {
            const content = (block as { content?: unknown }).content;
            if (block.type === 'tool_result' && content !== (input[i]?.content as ContentBlock[])[message.content.indexOf(block)]?.content) {
              expect(content).toMatch(/^\[Old tool result cleared: [\d,]+ lines?, ≈[\d.]+[kM]? tokens\]$/);
            }
          }
        });
      }),
      { numRuns: 500 },
    );
  });
});
