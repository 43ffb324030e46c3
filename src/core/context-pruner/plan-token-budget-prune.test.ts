import { describe, expect, it, vi } from 'vitest';
import type { Message } from '../types';
import { planTokenBudgetPrune } from './plan-token-budget-prune';
import { applyTokenBudgetPlan } from '../../../test/support/apply-token-budget-plan';
import { FATE } from '../plan/fate';
import { groupMessages } from '../links/group-messages';
import { assistant, callTurn, chat, resultTurn, user } from '../../../test/support/build-messages';
import { createExtractiveSummarizer } from '../summary/create-extractive-summarizer';

const tokens = (messages: readonly Message[], each = 100) => new Float64Array(messages.length).fill(each);
const config = { softLimitTokens: 500, hardLimitTokens: 1000 };

describe('planTokenBudgetPrune', () => {
  it('returns the kept and summarized indices, the summary position and text, the urgency and tokens before and after', () => {
    const messages = chat(10);
    const summarize = vi.fn(() => 'four turns');
    const plan = planTokenBudgetPrune({ messages, tokenCounts: tokens(messages), config, summarize });
    expect(plan).toMatchObject({ urgency: 'soft', pruned: true, summaryBefore: 5, summaryText: 'four turns' });
    expect([...plan.kept]).toEqual([0, 5, 6, 7, 8, 9]);
    expect([...plan.summarized]).toEqual([1, 2, 3, 4]);
    expect(plan.summaryContent).toBe('[Context Summary]\nfour turns');
    expect(plan.tokensBefore).toBe(1000);
    // Six kept turns and the 7-token summary (29 characters ÷ 4, rounded up).
    expect(plan.tokensAfter).toBe(607);
    expect(summarize).toHaveBeenCalledWith([messages[1], messages[2], messages[3], messages[4]], '');
    expect([...plan.fates]).toEqual([0, 2, 2, 2, 2, 0, 0, 0, 0, 0]);
  });

  it('reads the summarized run where it is with an extractive summarizer: the summary of the same turns copied', () => {
    const messages = chat(30);
    const { summarizeSync } = createExtractiveSummarizer({ maxTokens: 60 });
    const plan = planTokenBudgetPrune({ messages, tokenCounts: tokens(messages), config, summarize: summarizeSync, taskContext: 'focus' });
    const first = plan.summarized[0]!;
    expect(plan.summarized.length).toBeGreaterThan(1);
    expect(plan.summaryText).toBe(summarizeSync(messages.slice(first, first + plan.summarized.length), 'focus'));
  });

  it('applyTokenBudgetPlan builds the pruned messages: the same objects, the summary where the plan says', () => {
    const messages = chat(10);
    const plan = planTokenBudgetPrune({ messages, tokenCounts: tokens(messages), config, summarize: () => 'sum' });
    const out = applyTokenBudgetPlan(messages, plan);
    expect(out).toHaveLength(7);
    expect(out[0]).toBe(messages[0]);
    expect(out[1]).toEqual({ role: 'user', content: '[Context Summary]\nsum' });
    expect(out.slice(2)).toEqual(messages.slice(5));
    expect(() => applyTokenBudgetPlan(messages.slice(1), plan)).toThrow(RangeError);
  });

  it('changes nothing at or below the soft limit, and never calls the summarizer then', () => {
    const messages = chat(5);
    const summarize = vi.fn(() => 'never');
    const plan = planTokenBudgetPrune({ messages, tokenCounts: tokens(messages), config, summarize });
    expect(plan).toMatchObject({ pruned: false, reason: 'below-soft-limit', urgency: 'none', summaryBefore: -1 });
    expect(plan.tokensAfter).toBe(plan.tokensBefore);
    expect([...plan.kept]).toEqual([0, 1, 2, 3, 4]);
    expect(summarize).not.toHaveBeenCalled();
    expect(applyTokenBudgetPlan(messages, plan)).toEqual(messages);
  });

  it('counts totalTokens beyond the messages (system prompt, tools) toward the limits and carries it over', () => {
    const messages = chat(10);
    const plan = planTokenBudgetPrune({ messages, tokenCounts: tokens(messages, 40), totalTokens: 900, config, summarize: () => 's' });
    expect(plan).toMatchObject({ urgency: 'soft', pruned: true, tokensBefore: 900 });
    expect(plan.tokensAfter).toBe(900 - 4 * 40 + 5);
  });

  it('pinned indices pin their whole tool group', () => {
    const messages = [user('task'), assistant('a'), callTurn('k'), resultTurn('k'), ...chat(6)];
    const plan = planTokenBudgetPrune({ messages, tokenCounts: tokens(messages), pinned: [3], config, summarize: () => 's' });
    expect([...plan.summarized]).toEqual([1, 4]);
  });

  it('reuses groups the caller already has', () => {
    const messages = chat(10);
    const groups = groupMessages(messages);
    const plan = planTokenBudgetPrune({ messages, tokenCounts: tokens(messages), config, summarize: () => 's', groups });
    expect(plan.summarized).toHaveLength(4);
    expect(() => planTokenBudgetPrune({ messages: chat(3), tokenCounts: tokens(chat(3)), config: { softLimitTokens: 0 }, summarize: () => 's', groups })).toThrow(
      /groups are for 10 messages but 3 were given/,
    );
  });

  it('refuses a summary that would not be smaller, with the numbers', () => {
    const messages = chat(10);
    const plan = planTokenBudgetPrune({ messages, tokenCounts: tokens(messages), config, summarize: () => 'y'.repeat(2000) });
    expect(plan).toMatchObject({ pruned: false, reason: 'not-smaller', summaryBefore: -1 });
    expect(plan.detail).toMatch(/would leave 1,105 tokens, not fewer than 1,000/);
    expect(plan.summarized).toHaveLength(0);
    expect([...plan.fates].every((f) => f === FATE.kept)).toBe(true);
  });

  it('is deterministic, summary id included, and never touches its inputs', () => {
    const messages = Object.freeze(chat(12).map((m) => Object.freeze(m)));
    const counts = tokens(messages);
    const input = { messages, tokenCounts: counts, config, summarize: (turns: readonly unknown[]) => `${turns.length}` };
    const a = planTokenBudgetPrune(input);
    expect(planTokenBudgetPrune(input)).toEqual(a);
    expect(a.summaryId).toMatch(/^context-summary-[0-9a-f]{16}$/);
    expect([...counts].every((c) => c === 100)).toBe(true);
  });

  it('rejects bad input with errors that name the field and the value', () => {
    const messages = chat(3);
    const ok = { messages, tokenCounts: tokens(messages), summarize: () => '' };
    expect(() => planTokenBudgetPrune({ ...ok, tokenCounts: new Float64Array(2) })).toThrow(/one count per message \(3\), got 2/);
    expect(() => planTokenBudgetPrune({ ...ok, tokenCounts: [1, Number.NaN, 1] })).toThrow(/tokenCounts\[1\] must be a finite count ≥ 0, got NaN/);
    expect(() => planTokenBudgetPrune({ ...ok, totalTokens: -5 })).toThrow(RangeError);
    expect(() => planTokenBudgetPrune({ ...ok, pinned: [3] })).toThrow(/pinned index 3 is not an index of the 3 messages/);
    expect(() => planTokenBudgetPrune({ ...ok, summarize: 'no' as never })).toThrow(TypeError);
    const badSummary = { ...ok, config: { softLimitTokens: 0 }, summarize: () => 42 as unknown as string, messages: chat(8), tokenCounts: tokens(chat(8)) };
    expect(() => planTokenBudgetPrune(badSummary)).toThrow(/summarize must return a string, got number/);
  });
});
