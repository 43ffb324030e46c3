/** Pins in the window strategies (issue 17): the window is what the bound leaves beside the pins. */
import { describe, expect, it } from 'vitest';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { planPrune } from '../../prune/plan-prune';
import { pruneMessages } from '../../prune/prune-messages';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { callTurn, chat, resultTurn, user } from '../../../../test/support/build-messages';

const kept = (fates: Uint8Array) => [...fates].flatMap((fate, i) => (fate === FATE.kept ? [i] : []));

describe('window strategies and pins', () => {
  it('sliding window keeps its window plus the pins, and the pins count against a message bound', () => {
    const messages = chat(10);
    const plan = planPrune(analyzeTranscript(messages), { strategy: 'sliding-window', maxTurns: 4, pinned: [1] });
    expect(kept(plan.fates)).toEqual([1, 7, 8, 9]);
    expect(plan.reasons[1]).toBe(REASON.pinned);
    expect(plan.over).toBeUndefined();
    expect(pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 4, pinned: [1] })).toEqual([messages[1], messages[7], messages[8], messages[9]]);
  });

  it('a pinned tool call keeps its result, and the pair counts against a token budget', () => {
    const messages = [user('task'), callTurn('a'), resultTurn('a'), ...chat(6)];
    const analysis = analyzeTranscript(messages);
    const last3 = (analysis.suffixTokens[messages.length - 3] as number) + (analysis.tokens[1] as number) + (analysis.tokens[2] as number);
    const plan = planPrune(analysis, { strategy: 'sliding-window', maxTokens: last3, pinned: [1] });
    expect(kept(plan.fates)).toEqual([1, 2, 6, 7, 8]);
    expect(plan.tokens).toBeLessThanOrEqual(last3);
  });

  it('summarize keeps the pins in place and summarizes only the rest before the window', () => {
    const messages = chat(10);
    const plan = planPrune(analyzeTranscript(messages), { strategy: 'summarize', maxTurns: 4, pinned: [0] });
    expect(kept(plan.fates)).toEqual([0, 7, 8, 9]);
    expect(plan.summarized).toBe(6);
    expect(plan.inserts).toMatchObject([{ before: 7, replaces: 6, message: { content: '[Previous context: 6 turns summarized]' } }]);
    const out = pruneMessages(messages, { strategy: 'summarize', maxTurns: 4, pinned: [0] });
    expect(out.map((m) => m.content)).toEqual(['m0', '[Previous context: 6 turns summarized]', 'm7', 'm8', 'm9']);
  });

  it('pins alone over the bound: the window is the last message, and the plan says the pins are why', () => {
    const messages = chat(10);
    const plan = planPrune(analyzeTranscript(messages), { strategy: 'sliding-window', maxTurns: 2, pinned: [0, 2, 4] });
    expect(kept(plan.fates)).toEqual([0, 2, 4, 9]);
    expect(plan.over).toMatchObject({ unit: 'messages', by: 2, why: expect.stringContaining('pinned') });
  });

  it('without pins nothing changes: the seed window', () => {
    const messages = chat(10);
    expect(kept(planPrune(analyzeTranscript(messages), { strategy: 'sliding-window', maxTurns: 4 }).fates)).toEqual([6, 7, 8, 9]);
    expect(kept(planPrune(analyzeTranscript(messages), { strategy: 'sliding-window', maxTurns: 4, pinned: [] }).fates)).toEqual([6, 7, 8, 9]);
  });
});
