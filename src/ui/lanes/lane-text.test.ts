import { describe, expect, it } from 'vitest';
import type { PlanResult, Verdict } from '../../worker/protocol';
import { boundNote, breakableTitle, formatSaved, overNote, summaryNote, verdictWords } from './lane-text';

const plan = (over?: PlanResult['over'], inserts: PlanResult['inserts'] = []): PlanResult => ({
  laneId: 'l1',
  strategy: 'sliding-window',
  key: 'k',
  fates: new Uint8Array(0),
  reasons: new Uint8Array(0),
  kept: 0,
  dropped: 0,
  summarized: 0,
  masked: 0,
  tokens: 0,
  inserts,
  scorecard: { task: undefined, prompts: { kept: 0, total: 0 }, errors: { kept: 0, total: 0 }, files: { named: 0, total: 0 } },
  ...(over ? { over } : {}),
});

describe('boundNote', () => {
  const lane = (strategy: 'observation-masking' | 'token-budget' | 'sliding-window' | 'governor' | 'claude-code-compact', options = {}) => ({ id: 'l1', strategy, options });
  const messages = { unit: 'messages' as const, value: 40 };
  const tokens = { unit: 'tokens' as const, value: 30_000 };

  it('says when a budget in messages does not bind a lane that bounds tokens only, and what it does instead', () => {
    expect(boundNote(lane('observation-masking'), messages, 65_130)).toBe('Not bound by messages: masking never drops one.');
    expect(boundNote(lane('token-budget'), messages, 65_130)).toBe('Not bound by messages; under its own 500k limit.');
    expect(boundNote(lane('token-budget'), messages, 650_000)).toBe('Not bound by messages; it runs on its own limits (500k / 800k).');
  });

  it('says when the token budget answers to its own limits instead of the shared budget', () => {
    expect(boundNote(lane('token-budget', { ownLimits: true, softLimitTokens: 20_000, hardLimitTokens: 50_000 }), tokens, 65_130)).toBe(
      'Not bound by the budget: it runs on its own limits (20k / 50k).',
    );
  });

  it('says nothing when the lane answers to the budget on screen', () => {
    expect(boundNote(lane('sliding-window'), messages, 65_130)).toBeUndefined();
    expect(boundNote(lane('governor'), messages, 65_130)).toBeUndefined();
    expect(boundNote(lane('observation-masking'), tokens, 65_130)).toBeUndefined();
    expect(boundNote(lane('token-budget'), tokens, 65_130)).toBeUndefined();
    for (const budget of [tokens, messages]) expect(boundNote(lane('claude-code-compact'), budget, 65_130)).toBe('Not bound by the budget: it runs on its own settings.');
  });
});

describe('overNote and summaryNote', () => {
  it('say nothing when a lane is within its budget and adds no message', () => {
    expect(overNote(plan())).toBeUndefined();
    expect(summaryNote(plan())).toBeUndefined();
  });
  it('say by how much a lane is over, in its unit, and why', () => {
    expect(overNote(plan({ unit: 'tokens', by: 1234.4, why: 'the last message alone is larger' }))).toBe('1,234 tokens over: the last message alone is larger');
    expect(overNote(plan({ unit: 'messages', by: 1, why: 'pinned' }))).toBe('1 message over: pinned');
  });
  it('say what the summary count stands for', () => {
    expect(summaryNote(plan(undefined, [{ before: 3, replaces: 3, tokens: 11.2, text: 'x', textLength: 1 }]))).toBe('into 1 message of 11 tokens');
  });
  it('say who writes the summary when a model of the user\'s own does', () => {
    const insert = (state: 'asking' | 'answered' | 'failed') => [{ before: 3, replaces: 3, tokens: 40, text: 'x', textLength: 1, model: { model: 'llama3.1', state } }];
    expect(summaryNote(plan(undefined, insert('answered')))).toBe('into 1 message of 40 tokens by llama3.1');
    expect(summaryNote(plan(undefined, insert('asking')))).toBe('into 1 message of 40 tokens (asking llama3.1)');
    expect(summaryNote(plan(undefined, insert('failed')))).toBe('into 1 message of 40 tokens (llama3.1 failed)');
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
  it('counts the system prompt every request sends', () => {
    expect(formatSaved(0, 1000, 1000)).toBe('50%');
  });
});

const base: Verdict = { laneId: 'l1', key: 'k', provider: 'anthropic', problems: [], problemCount: 0, addedCount: 0, carriedCount: 0, inputProblemCount: 0, empty: false };

describe('verdictWords', () => {
  it('an empty output is never "accepts"', () => {
    expect(verdictWords({ ...base, empty: true }).head).toBe('✗ Nothing to send');
  });
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

describe('breakableTitle', () => {
  it('lets a long word break before a common suffix; short words and others stay whole', () => {
    expect(breakableTitle('Observation masking')).toBe('Observa\u00ADtion masking');
    expect(breakableTitle('Importance')).toBe('Import\u00ADance');
    expect(breakableTitle('Summarize')).toBe('Summarize');
    expect(breakableTitle('Anthropic clear tool uses')).toBe('Anthropic clear tool uses');
    expect(breakableTitle('Anthropic: compaction')).toBe('Anthropic: compac\u00ADtion');
    expect(breakableTitle('LangChain: summarization middleware')).toBe('LangChain: summariza\u00ADtion middle\u00ADware');
    expect(breakableTitle('SWE-agent: last n observations')).toBe('SWE-agent: last n observa\u00ADtions');
    expect(breakableTitle('Governor')).toBe('Governor');
  });
});
