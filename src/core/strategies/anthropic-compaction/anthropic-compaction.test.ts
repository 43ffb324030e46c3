/**
 * Anthropic's server compaction `compact_20260112`, held to the "Compaction" docs: the trigger's default and
 * minimum, "reaches" the trigger, everything before the compaction block dropped, what follows kept, instructions,
 * and a live agent that holds the compacted history from then on.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { planPrune } from '../../prune/plan-prune';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { replayTranscript } from '../../replay/replay-transcript';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import { charsTokenCounter } from '../../tokens/chars-token-counter';
import { cacheRulesFor } from '../../replay/cache-rules-for';
import { user, assistant, toolUse, toolResult } from '../../../../test/support/build-messages';

function session(steps: number, size = 4000): Message[] {
  const out: Message[] = [user('migrate the billing module to the new API')];
  for (let k = 0; k < steps; k++) {
    out.push({ role: 'assistant', content: [toolUse(`t${k}`, 'Read', { file_path: `/src/billing/part${k}.ts` })] });
    out.push({ role: 'user', content: [toolResult(`t${k}`, `${k}:`.padEnd(size, 'x'))] });
  }
  out.push(assistant('migrated'));
  return out;
}
const total = (messages: Message[]) => analyzeTranscript(messages).suffixTokens[0] as number;
const config = (fixedTokens: number, extra = {}) => ({ strategy: 'anthropic-compaction' as const, request: { fixedTokens }, ...extra });

describe('anthropic-compaction, as the compaction docs define it', () => {
  it('does not compact at 149,999 input tokens and compacts at 150,000 (the default trigger, reached)', () => {
    const messages = session(20);
    const below = 149_999 - total(messages);
    expect(pruneMessages(messages, config(below))).toEqual(messages);
    expect(planPrune(analyzeTranscript(messages), config(below)).explain?.headline).toMatch(/^Not triggered/);
    const out = pruneMessages(messages, config(below + 1));
    // One summary, then only the message that crossed the trigger (its unit: the last message).
    expect(out).toHaveLength(2);
    expect(out[1]).toBe(messages[messages.length - 1]);
    expect(String(out[0]?.content)).toMatch(/^\[Context Summary\]\n/);
    expect(String(out[0]?.content)).toContain('/src/billing/part3.ts');
    // The headline names the summary's ceiling, never a size the lane's own summary (its insert) contradicts.
    const plan = planPrune(analyzeTranscript(messages), config(below + 1));
    expect(plan.explain?.headline).toMatch(/^Compacted at 150k tokens \(trigger 150k\): \d+ messages into a summary of at most 3\.5k tokens$/);
    expect(plan.inserts[0]?.tokens).toBeLessThanOrEqual(3_500);
  });

  it('rejects a trigger under the API minimum of 50,000', () => {
    expect(() => pruneMessages(session(1), { strategy: 'anthropic-compaction', triggerAt: 49_999 })).toThrow(/triggerAt must be from 50000/);
    expect(pruneMessages(session(1), { strategy: 'anthropic-compaction', triggerAt: 50_000 })).toHaveLength(4);
  });

  it("sizes the summary as the docs' example (3,500 tokens) and takes instructions as the summarizer's focus", () => {
    const messages = session(300, 2000);
    const plan = planPrune(analyzeTranscript(messages), config(0));
    expect(plan.inserts[0]?.tokens).toBeLessThanOrEqual(3_520);
    const focused = pruneMessages(messages, config(0, { instructions: 'Keep every file path touched' }));
    expect(String(focused[0]?.content)).toContain('Focus: Keep every file path touched');
  });

  it('drops everything before a compaction block the transcript holds, and counts the trigger from it', () => {
    const before = session(3);
    const compacted: Message = { role: 'assistant', content: [{ type: 'compaction', content: 'Summary: reading the billing parts.' } as never, { type: 'text', text: 'Continuing.' }] };
    const messages = [...before, user('go on'), compacted, user('next part')];
    const out = pruneMessages(messages, config(0));
    expect(out).toEqual([compacted, messages[messages.length - 1]]);
  });

  it('live, the agent holds the compacted history: the request after a compaction sends the summary and what follows', () => {
    const messages = session(60, 4000);
    const options = { strategies: [{ id: 'none' }, { id: 'compact', config: { strategy: 'anthropic-compaction', triggerAt: 50_000 } as const }], mode: 'live' as const, tokens: countMessageTokens(messages, charsTokenCounter), cache: cacheRulesFor('claude-opus-4-6'), prices: { model: 'claude-opus-4-6', input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 } };
    const result = replayTranscript(messages, options);
    const none = result.strategies.find((s) => s.id === 'none')!;
    const compact = result.strategies.find((s) => s.id === 'compact')!;
    const peak = Math.max(...compact.requests.map((r) => r.inputTokens));
    expect(peak).toBeLessThan(50_000 + 1_100);
    expect(Math.max(...none.requests.map((r) => r.inputTokens))).toBeGreaterThan(55_000);
    // After the first compaction the input drops to about the summary's size and grows again.
    const drop = compact.requests.findIndex((r, k) => k > 0 && r.inputTokens < (compact.requests[k - 1]?.inputTokens ?? 0) / 2);
    expect(drop).toBeGreaterThan(0);
    expect(compact.requests[drop]?.inputTokens).toBeLessThan(5_000);
  });
});
