/**
 * Acceptance tests: every test of seed 003 §1 and every check of its code review (§3), named after them, then the
 * failures real systems are known for (see /work/shared/notes/context-management.md), each with its test.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ContentBlock } from '../types';
import type { ContextWindow, ConversationTurn, Summarizer } from './types';
import { ContextPruner } from './context-pruner';
import { selectTurnsForSummarization } from './select-turns-for-summarization';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';
import { contentText } from '../text/content-text';
import { fromContextWindow } from './from-context-window';
import { createExtractiveSummarizer } from '../summary/create-extractive-summarizer';
import { charsCounter, deepFreeze, sized, sizedTurns, turn, windowOf } from '../../../test/support/build-turns';
import { findAddedOrphans } from '../../../test/support/find-added-orphans';

const SUMMARY = '[SUMMARY: turns 2-8]';
const mockSummarizer = () => ({ summarize: vi.fn<Summarizer['summarize']>(async () => SUMMARY) });
const ids = (turns: readonly ConversationTurn[]) => turns.map((t) => t.id);
const fixedClock = { now: () => 1_700_000_000_000 };

describe('seed 003 §1: ContextPruner.prune', () => {
  it('below the 500k soft limit (450,000 tokens): pruned false and the original window unchanged', async () => {
    const summarizer = mockSummarizer();
    const window = windowOf(sizedTurns(10, 45_000));
    expect(window.totalTokenEstimate).toBe(450_000);
    const before = structuredClone(window);
    const result = await new ContextPruner(summarizer).prune(window);
    expect(result.pruned).toBe(false);
    expect(result.window).toBe(window);
    expect(window).toEqual(before);
    expect(summarizer.summarize).not.toHaveBeenCalled();
  });

  it('above the soft limit, below the hard limit (550,000): summarizes; non-empty summary, removedTurnCount ≥ 1, tokensSaved > 0', async () => {
    const summarizer = mockSummarizer();
    const window = windowOf(sizedTurns(10, 55_000));
    expect(window.totalTokenEstimate).toBe(550_000);
    const result = await new ContextPruner(summarizer).prune(window);
    expect(summarizer.summarize).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ pruned: true, urgency: 'soft', summary: SUMMARY });
    expect(result.removedTurnCount).toBeGreaterThanOrEqual(1);
    expect(result.tokensSaved).toBeGreaterThan(0);
  });

  it('above the hard limit (850,000): summarizes and forces pruning even if fewer candidate turns exist', async () => {
    // 6 turns: the pinned first turn and a 5-turn tail leave no candidate, so a soft prune could do nothing.
    const turns = sizedTurns(6, 141_667);
    const soft = windowOf(turns.map((t) => ({ ...t, tokenEstimate: 100_000 })));
    expect(selectTurnsForSummarization(soft)).toEqual([]);
    const summarizer = mockSummarizer();
    const window = windowOf(turns);
    expect(window.totalTokenEstimate).toBeGreaterThan(800_000);
    const result = await new ContextPruner(summarizer).prune(window);
    expect(result).toMatchObject({ pruned: true, urgency: 'hard' });
    // The tail gives up its oldest turns until what is kept fits under the soft limit: 850k → 425k after three.
    expect(ids(summarizer.summarize.mock.calls[0]?.[0] ?? [])).toEqual(['t1', 't2', 't3']);
    expect(ids(result.window.turns)).toEqual(['t0', expect.stringMatching(/^context-summary-/), 't4', 't5']);
    expect(result.window.totalTokenEstimate).toBeLessThanOrEqual(500_000);
  });

  it('pinned turns (the first pinnedPrefixTurns and pinned: true) never reach the summarizer', async () => {
    const turns = sizedTurns(14, 50_000).map((t, i) => (i === 4 || i === 7 ? { ...t, pinned: true } : t));
    const summarizer = mockSummarizer();
    const result = await new ContextPruner(summarizer, { pinnedPrefixTurns: 2 }).prune(windowOf(turns));
    expect(result.pruned).toBe(true);
    const given = ids(summarizer.summarize.mock.calls[0]?.[0] ?? []);
    expect(given).toEqual(['t2', 't3', 't5', 't6', 't8']);
    for (const pinned of ['t0', 't1', 't4', 't7']) expect(given).not.toContain(pinned);
    for (const pinned of ['t0', 't1', 't4', 't7']) expect(ids(result.window.turns)).toContain(pinned);
  });

  it('the pruned window holds a synthetic user turn with the summary, where the pruned turns were', async () => {
    const result = await new ContextPruner(mockSummarizer(), fixedClock).prune(windowOf(sizedTurns(10, 55_000)));
    const summaryTurn = result.window.turns[1] as ConversationTurn;
    expect(summaryTurn).toMatchObject({
      role: 'user',
      content: `${CONTEXT_SUMMARY_MARKER}\n${SUMMARY}`,
      timestamp: fixedClock.now(),
      pinned: false,
    });
    // Turns 1–4 were summarized: the summary sits between the pinned first turn and the 5-turn tail.
    expect(ids(result.window.turns)).toEqual(['t0', summaryTurn.id, 't5', 't6', 't7', 't8', 't9']);
  });

  it('re-annotates every remaining turn and totalTokenEstimate reflects the reduced count', async () => {
    // Stale estimates: each turn claims 55k tokens but holds a few characters.
    const stale = Array.from({ length: 10 }, (_, i) => turn(`t${i}`, i % 2 ? 'assistant' : 'user', `turn ${i}`, { tokenEstimate: 55_000 }));
    const result = await new ContextPruner(mockSummarizer()).prune(windowOf(stale));
    expect(result.pruned).toBe(true);
    for (const t of result.window.turns) expect(t.tokenEstimate).toBe(charsCounter.count(contentText(t.content)));
    const sum = result.window.turns.reduce((s, t) => s + t.tokenEstimate, 0);
    expect(result.window.totalTokenEstimate).toBe(sum);
    expect(result.window.totalTokenEstimate).toBeLessThan(550_000);
  });

  it('when selectTurnsForSummarization returns [] (too few turns), pruned false even above the soft limit', async () => {
    const window = windowOf(sizedTurns(6, 100_000));
    expect(window.totalTokenEstimate).toBe(600_000);
    expect(selectTurnsForSummarization(window)).toEqual([]);
    const summarizer = mockSummarizer();
    const result = await new ContextPruner(summarizer).prune(window);
    expect(result).toMatchObject({ pruned: false, reason: 'no-candidates', urgency: 'soft' });
    expect(result.window).toBe(window);
    expect(summarizer.summarize).not.toHaveBeenCalled();
  });
});

describe('seed 003 §3: code review', () => {
  it('depends on the Summarizer interface: any object with summarize works', async () => {
    const plain: Summarizer = { summarize: async (turns) => `${turns.length} turns` };
    const result = await new ContextPruner(plain).prune(windowOf(sizedTurns(10, 55_000)));
    expect(result.summary).toBe('4 turns');
  });

  it('the summary sits after the pinned prefix and every pinned turn before the summarized ones, before the tail', async () => {
    const turns = sizedTurns(16, 40_000).map((t, i) => (i === 3 || i === 6 ? { ...t, pinned: true } : t));
    const result = await new ContextPruner(mockSummarizer(), { pinnedPrefixTurns: 2 }).prune(windowOf(turns));
    const out = ids(result.window.turns);
    const at = out.findIndex((id) => id.startsWith('context-summary-'));
    expect(out.slice(0, at)).toEqual(['t0', 't1', 't3', 't6']);
    expect(out.slice(at + 1)).toEqual(['t11', 't12', 't13', 't14', 't15']);
  });

  it('tokensSaved is never negative, even when the window counted more than its turns', async () => {
    const window = windowOf(sizedTurns(10, 50_000), 60_000);
    const result = await new ContextPruner(mockSummarizer()).prune(window);
    expect(result.pruned).toBe(true);
    expect(result.tokensSaved).toBe(window.totalTokenEstimate - result.window.totalTokenEstimate);
    expect(result.tokensSaved).toBeGreaterThan(0);
    // The 60k the window counted beyond its turns (system prompt, tools) is carried over, not dropped.
    const sum = result.window.turns.reduce((s, t) => s + t.tokenEstimate, 0);
    expect(result.window.totalTokenEstimate).toBe(sum + 60_000);
  });

  it('removedTurnCount equals exactly the number of turns passed to the summarizer', async () => {
    const summarizer = mockSummarizer();
    const result = await new ContextPruner(summarizer, { recentTailTurns: 3 }).prune(windowOf(sizedTurns(12, 50_000)));
    expect(result.removedTurnCount).toBe(summarizer.summarize.mock.calls[0]?.[0].length);
    expect(result.removedTurnCount).toBe(8);
  });

  it('never mutates the window: a deep-frozen window prunes', async () => {
    const window = deepFreeze(windowOf(sizedTurns(10, 55_000)));
    const result = await new ContextPruner(mockSummarizer()).prune(window);
    expect(result.pruned).toBe(true);
    expect(window.turns).toHaveLength(10);
  });

  it('the [Context Summary] marker lets a later prune recognise the summary: it is carried, never summarized into a nested one', async () => {
    const summarizer = createExtractiveSummarizer();
    const pruner = new ContextPruner(summarizer, { softLimitTokens: 2_000, hardLimitTokens: 4_000 });
    let window: ContextWindow = windowOf([turn('task', 'user', 'Fix the flaky login test in auth.spec.ts')]);
    for (let round = 0; round < 4; round++) {
      const more = sizedTurns(8, 300).map((t) => ({ ...t, id: `r${round}-${t.id}` }));
      window = windowOf([...window.turns, ...more]);
      const result = await pruner.prune(window);
      expect(result.pruned, `round ${round}`).toBe(true);
      window = result.window;
    }
    const summaries = window.turns.filter((t) => contentText(t.content).includes(CONTEXT_SUMMARY_MARKER));
    expect(summaries).toHaveLength(1);
    expect(contentText(summaries[0]?.content ?? '').split(CONTEXT_SUMMARY_MARKER)).toHaveLength(2);
  });

  it('thresholds: exactly at the soft limit nothing is due, one token above it is soft, above the hard limit hard', async () => {
    const prune = (total: number) =>
      new ContextPruner(mockSummarizer(), { softLimitTokens: 1000, hardLimitTokens: 2000 }).prune({
        turns: sizedTurns(10, 10),
        totalTokenEstimate: total,
      });
    expect((await prune(1000)).urgency).toBe('none');
    expect((await prune(1001)).urgency).toBe('soft');
    expect((await prune(2000)).urgency).toBe('soft');
    expect((await prune(2001)).urgency).toBe('hard');
  });
});

describe('where real systems fail, this does not', () => {
  const call = (id: string, name = 'Bash', input: unknown = { command: `run ${id}` }): ContentBlock => ({ type: 'tool_use', id, name, input });
  const result = (id: string, content = sized(20_000, `out ${id} `)): ContentBlock => ({ type: 'tool_result', tool_use_id: id, content });

  it('never splits a tool pair or a parallel-call group: the prefix and the tail widen to whole groups', async () => {
    const turns = [
      turn('task', 'user', 'task'),
      turn('a1', 'assistant', [call('p1'), call('p2')]),
      turn('u1', 'user', [result('p1')]),
      turn('u2', 'user', [result('p2')]),
      turn('a2', 'assistant', 'middle text ' + sized(20_000, '')),
      turn('a3', 'assistant', [call('q1')]),
      turn('u3', 'user', [result('q1')]),
      turn('a4', 'assistant', [call('r1'), call('r2')]),
      turn('u4', 'user', [result('r2'), result('r1')]),
      turn('a5', 'assistant', 'done'),
    ];
    const window = windowOf(turns);
    const summarizer = mockSummarizer();
    const out = await new ContextPruner(summarizer, { softLimitTokens: 50_000, pinnedPrefixTurns: 2, recentTailTurns: 2 }).prune(window);
    expect(out.pruned).toBe(true);
    // The prefix of 2 widens to the parallel group (a1, u1, u2); the tail of 2 (u4, a5) widens back to a4.
    expect(ids(summarizer.summarize.mock.calls[0]?.[0] ?? [])).toEqual(['a2', 'a3', 'u3']);
    expect(findAddedOrphans(fromContextWindow(window), fromContextWindow(out.window))).toEqual([]);
  });

  it('the summary never lands between a call and its result when a pinned group encloses a summarized turn', async () => {
    const turns = [
      turn('task', 'user', 'task'),
      turn('a1', 'assistant', [call('k1')], { pinned: true }),
      turn('a2', 'assistant', sized(30_000, 'thinking aloud ')),
      turn('u1', 'user', [result('k1')]),
      ...sizedTurns(5, 10).map((t) => ({ ...t, id: `tail-${t.id}` })),
    ];
    const out = await new ContextPruner(mockSummarizer(), { softLimitTokens: 10_000 }).prune(windowOf(turns));
    expect(ids(out.window.turns).slice(0, 4)).toEqual(['task', 'a1', 'u1', expect.stringMatching(/^context-summary-/)]);
  });

  it('a summary that would not make the window smaller changes nothing, and says why', async () => {
    const verbose: Summarizer = { summarize: async () => 'x'.repeat(4 * 300_000) };
    const window = windowOf(sizedTurns(10, 55_000));
    const result = await new ContextPruner(verbose).prune(window);
    expect(result).toMatchObject({ pruned: false, reason: 'not-smaller' });
    expect(result.detail).toMatch(/not fewer than 550,000/);
    expect(result.window).toBe(window);
  });

  it('a summarizer that throws leaves the window unchanged and says why', async () => {
    const failing: Summarizer = { summarize: async () => Promise.reject(new Error('rate limited (429)')) };
    const window = windowOf(sizedTurns(10, 55_000));
    const result = await new ContextPruner(failing).prune(window);
    expect(result).toMatchObject({ pruned: false, reason: 'summarizer-failed', detail: 'the summarizer threw: rate limited (429)' });
    expect(result.error).toBeInstanceOf(Error);
    expect(result.window).toBe(window);
  });

  it('a summarizer that returns no string is a failure, not a summary of "undefined"', async () => {
    const broken = { summarize: async () => undefined } as unknown as Summarizer;
    const result = await new ContextPruner(broken).prune(windowOf(sizedTurns(10, 55_000)));
    expect(result).toMatchObject({ pruned: false, reason: 'summarizer-failed' });
  });

  it('an abort before or during summarizing leaves the window unchanged', async () => {
    const window = windowOf(sizedTurns(10, 55_000));
    const before = new AbortController();
    before.abort(new Error('user left'));
    const summarizer = mockSummarizer();
    const early = await new ContextPruner(summarizer).prune(window, '', { signal: before.signal });
    expect(early).toMatchObject({ pruned: false, reason: 'aborted' });
    expect(summarizer.summarize).not.toHaveBeenCalled();

    const during = new AbortController();
    const slow: Summarizer = {
      summarize: async (_turns, _context, options) => {
        expect(options?.signal).toBe(during.signal);
        during.abort();
        return 'too late';
      },
    };
    const late = await new ContextPruner(slow).prune(window, '', { signal: during.signal });
    expect(late).toMatchObject({ pruned: false, reason: 'aborted' });
    expect(late.window).toBe(window);
  });

  it('pinTask keeps the first user request out of the summary, even with no pinned prefix', async () => {
    const turns = [
      turn('env', 'user', '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>'),
      turn('task', 'user', 'Make the importer twice as fast'),
      ...sizedTurns(10, 60_000),
    ];
    const summarizer = mockSummarizer();
    const result = await new ContextPruner(summarizer, { pinnedPrefixTurns: 0, pinTask: true }).prune(windowOf(turns));
    const given = ids(summarizer.summarize.mock.calls[0]?.[0] ?? []);
    expect(given).toContain('env');
    expect(given).not.toContain('task');
    expect(ids(result.window.turns)[0]).toBe('task');
  });

  it('taskContext reaches the summarizer as given', async () => {
    const summarizer = mockSummarizer();
    await new ContextPruner(summarizer).prune(windowOf(sizedTurns(10, 55_000)), 'ship the fix today');
    expect(summarizer.summarize.mock.calls[0]?.[1]).toBe('ship the fix today');
  });

  it('the summary id is derived from the summarized ids (same input, same id) unless createId is given', async () => {
    const window = windowOf(sizedTurns(10, 55_000));
    const a = await new ContextPruner(mockSummarizer()).prune(window);
    const b = await new ContextPruner(mockSummarizer()).prune(window);
    expect(a.window.turns[1]?.id).toBe(b.window.turns[1]?.id);
    const other = await new ContextPruner(mockSummarizer()).prune(windowOf(sizedTurns(10, 55_000).map((t) => ({ ...t, id: `x${t.id}` }))));
    expect(other.window.turns[1]?.id).not.toBe(a.window.turns[1]?.id);
    const named = await new ContextPruner(mockSummarizer(), { createId: (s) => `sum-${s.length}` }).prune(window);
    expect(named.window.turns[1]?.id).toBe('sum-4');
  });

  it('a malformed window is a TypeError or RangeError naming the field', async () => {
    const pruner = new ContextPruner(mockSummarizer());
    const good = sizedTurns(3, 10);
    await expect(pruner.prune({ turns: good, totalTokenEstimate: Number.NaN })).rejects.toThrow(RangeError);
    await expect(
      pruner.prune({ turns: [good[0] as ConversationTurn, { ...(good[1] as ConversationTurn), tokenEstimate: -1 }], totalTokenEstimate: 10 }),
    ).rejects.toThrow(/window\.turns\[1\]\.tokenEstimate must be a finite count ≥ 0, got -1/);
    await expect(pruner.prune({ turns: 'nope', totalTokenEstimate: 1 } as unknown as ContextWindow)).rejects.toThrow(TypeError);
    expect(() => new ContextPruner({} as Summarizer)).toThrow(/summarizer must be an object with summarize/);
  });
});
