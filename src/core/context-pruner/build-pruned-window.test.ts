import { describe, expect, it } from 'vitest';
import type { ConversationTurn } from './types';
import { buildPrunedWindow } from './build-pruned-window';
import { selectTurnsForSummarization } from './select-turns-for-summarization';
import { classifyPruneUrgency } from './classify-prune-urgency';
import { contentText } from '../text/content-text';
import { charsCounter, deepFreeze, sizedTurns, turn, windowOf } from '../../../test/support/build-turns';

const summaryTurn = (content = '[Context Summary]\nshort'): ConversationTurn => turn('sum', 'user', content, { tokenEstimate: 0 });
const ids = (turns: readonly ConversationTurn[]) => turns.map((t) => t.id);

describe('buildPrunedWindow (seed 003 steps 7–9, on its own)', () => {
  it('puts the summary where the candidates were, re-annotates and recounts', () => {
    const window = deepFreeze(windowOf(sizedTurns(8, 100), 40));
    const candidates = window.turns.slice(2, 5);
    const out = buildPrunedWindow(window, candidates, summaryTurn());
    expect(ids(out.turns)).toEqual(['t0', 't1', 'sum', 't5', 't6', 't7']);
    expect(out.turns[2]?.tokenEstimate).toBe(charsCounter.count('[Context Summary]\nshort'));
    expect(out.totalTokenEstimate).toBe(5 * 100 + (out.turns[2]?.tokenEstimate ?? 0) + 40);
  });

  it('counts with config.counter', () => {
    const window = windowOf(sizedTurns(4, 10));
    const words = { encoding: 'chars' as const, count: (text: string) => text.split(/\s+/).filter(Boolean).length };
    const out = buildPrunedWindow(window, [window.turns[1] as ConversationTurn], summaryTurn(), { counter: words });
    expect(out.turns.map((t) => t.tokenEstimate)).toEqual(out.turns.map((t) => words.count(contentText(t.content))));
  });

  it('refuses candidates that would split a tool pair, that are not turns of the window, or that are none', () => {
    const turns = [
      turn('u', 'user', 'task'),
      turn('a', 'assistant', [{ type: 'tool_use', id: 'k', name: 'Read', input: {} }]),
      turn('r', 'user', [{ type: 'tool_result', tool_use_id: 'k', content: 'x' }]),
      turn('z', 'assistant', 'done'),
    ];
    const window = windowOf(turns);
    expect(() => buildPrunedWindow(window, [turns[1] as ConversationTurn], summaryTurn())).toThrow(
      /turn "r" is linked by tool ids to turn "a", but only one of them is a candidate/,
    );
    expect(() => buildPrunedWindow(window, [{ ...(turns[1] as ConversationTurn) }], summaryTurn())).toThrow(/candidates\[0\] \(id "a"\) is not a turn/);
    expect(() => buildPrunedWindow(window, [], summaryTurn())).toThrow(RangeError);
    expect(ids(buildPrunedWindow(window, turns.slice(1, 3), summaryTurn()).turns)).toEqual(['u', 'sum', 'z']);
  });
});

describe('selectTurnsForSummarization', () => {
  it('selects what a soft prune would, even below the soft limit (a preview)', () => {
    expect(ids(selectTurnsForSummarization(windowOf(sizedTurns(10, 1))))).toEqual(['t1', 't2', 't3', 't4']);
    expect(ids(selectTurnsForSummarization(windowOf(sizedTurns(10, 1)), { pinnedPrefixTurns: 3, recentTailTurns: 2 }))).toEqual([
      't3',
      't4',
      't5',
      't6',
      't7',
    ]);
  });

  it('never selects an earlier summary alone, and cuts the pinned prefix before one', () => {
    const summary = turn('s', 'user', '[Context Summary]\nTurns summarized: 9');
    const [t0, , , t3, t4, t5, t6, t7] = sizedTurns(8, 1) as ConversationTurn[];
    const lone = windowOf([t0, summary, t3, t4, t5, t6, t7] as ConversationTurn[]);
    expect(selectTurnsForSummarization(lone)).toEqual([]);
    const inPrefix = windowOf([t0, summary, ...sizedTurns(8, 1).map((t) => ({ ...t, id: `n${t.id}` }))] as ConversationTurn[]);
    expect(ids(selectTurnsForSummarization(inPrefix, { pinnedPrefixTurns: 3 }))).toEqual(['s', 'nt0', 'nt1', 'nt2']);
  });
});

describe('classifyPruneUrgency', () => {
  it('reads totalTokenEstimate against the limits', () => {
    const at = (totalTokenEstimate: number) => classifyPruneUrgency({ turns: [], totalTokenEstimate });
    expect([at(0), at(500_000), at(500_001), at(800_000), at(800_001)]).toEqual(['none', 'none', 'soft', 'soft', 'hard']);
    expect(classifyPruneUrgency({ turns: [], totalTokenEstimate: 11 }, { softLimitTokens: 10, hardLimitTokens: 10 })).toBe('hard');
    expect(() => classifyPruneUrgency({ turns: [], totalTokenEstimate: -1 })).toThrow(RangeError);
  });
});
