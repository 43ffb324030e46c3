import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../worker/protocol';
import { formatSaved, keptOverNote, keptUnderNote, verdictWords } from './lane-text';

describe('keptOverNote', () => {
  it('says nothing when a strategy keeps at most Max turns', () => {
    expect(keptOverNote('sliding-window', 10, 10)).toBeUndefined();
    expect(keptOverNote('importance', 9, 10)).toBeUndefined();
  });
  it('explains a tool call kept with its result', () => {
    expect(keptOverNote('sliding-window', 11, 10)).toBe('1 over, to keep a tool call with its result');
    expect(keptOverNote('summarize', 13, 10)).toBe('3 over, to keep a tool call with its result');
  });
  it('explains Max turns 0', () => {
    expect(keptOverNote('importance', 1, 0)).toBe('at least 1 message is always kept');
    expect(keptOverNote('sliding-window', 2, 0)).toMatch(/^at least 1 message is always kept, with its tool call/);
  });
  it("explains importance's whole last group", () => {
    expect(keptOverNote('importance', 3, 2)).toBe("1 over: the last message's tool group is kept whole");
  });
  it('importance keeping fewer is explained as a title only', () => {
    expect(keptUnderNote('importance', 9, 10)).toMatch(/whole tool groups/);
    expect(keptUnderNote('sliding-window', 9, 10)).toBeUndefined();
  });
});

describe('formatSaved', () => {
  it('never claims 100% while something is kept, nor 0% while something is saved', () => {
    expect(formatSaved(151, 571_000)).toBe('99%');
    expect(formatSaved(0, 571_000)).toBe('100%');
    expect(formatSaved(999_999, 1_000_000)).toBe('<0.1%');
    expect(formatSaved(1000, 1000)).toBe('0%');
  });
  it('one decimal below 10%, none above', () => {
    expect(formatSaved(953, 1000)).toBe('4.7%');
    expect(formatSaved(190, 1000)).toBe('81%');
    expect(formatSaved(901, 1000)).toBe('9.9%');
    expect(formatSaved(900.4, 1000)).toBe('10%');
  });
});

const base: Verdict = { strategy: 'sliding-window', provider: 'anthropic', problems: [], problemCount: 0, addedCount: 0, carriedCount: 0, inputProblemCount: 0 };

describe('verdictWords', () => {
  it('accepts', () => {
    expect(verdictWords(base).head).toBe('✓ API accepts');
    expect(verdictWords({ ...base, inputProblemCount: 6 }).sentence).toMatch(/6 problems the input has are all in dropped messages/);
  });
  it('rejects, carried over from the input, and says how many the input has', () => {
    const w = verdictWords({ ...base, problemCount: 2, carriedCount: 2, inputProblemCount: 6 });
    expect(w.head).toBe('✗ API rejects');
    expect(w.detail).toBe('2 problems, carried over from the input');
    expect(w.sentence).toBe('2 problems, carried over from the input. The unpruned input has 6; 4 of them are in dropped messages.');
  });
  it('rejects, added by pruning', () => {
    expect(verdictWords({ ...base, problemCount: 1, addedCount: 1 }).detail).toBe('1 problem added by pruning');
    expect(verdictWords({ ...base, problemCount: 3, addedCount: 1, carriedCount: 2, inputProblemCount: 2 }).detail).toBe('1 problem added by pruning, 2 from the input');
  });
});
