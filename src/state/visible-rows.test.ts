import { describe, expect, it } from 'vitest';
import type { PlanResult, RowData } from '../worker/protocol';
import { NO_FILTERS } from './view';
import { hiddenBy, relaxFilters, visibleRows as visible } from './visible-rows';

function rows(count: number): RowData {
  const role = Uint8Array.from({ length: count }, (_, i) => i % 2);
  // Odd rows (assistants) call Bash: row i holds ids [offsets[i], offsets[i + 1]).
  const names = Int32Array.from({ length: count + 1 }, (_, i) => Math.floor(i / 2));
  return {
    count,
    role,
    flags: new Uint8Array(count),
    chars: new Float64Array(count),
    tokens: new Float64Array(count),
    score: new Float64Array(count),
    hasToolBlock: new Uint8Array(count),
    groupOf: Int32Array.from({ length: count }, (_, i) => i),
    previewText: '',
    previewOffsets: new Uint32Array(count + 1),
    partnerOffsets: new Int32Array(count + 1),
    partners: new Int32Array(0),
    toolNames: ['Bash'],
    toolNameOffsets: names,
    toolNameIds: new Int32Array(Math.floor(count / 2)),
    toolNameCounts: Int32Array.of(Math.floor(count / 2)),
    callCount: new Uint16Array(count),
    resultCount: new Uint16Array(count),
  };
}

function plan(laneId: string, strategy: PlanResult['strategy'], fates: number[], inserts: PlanResult['inserts'] = []): PlanResult {
  return {
    laneId,
    strategy,
    key: laneId,
    fates: Uint8Array.from(fates),
    reasons: new Uint8Array(fates.length),
    kept: fates.filter((f) => f === 0).length,
    dropped: fates.filter((f) => f === 1).length,
    summarized: fates.filter((f) => f === 2).length,
    masked: fates.filter((f) => f === 3).length,
    tokens: 0,
    inserts,
    scorecard: { task: undefined, prompts: { kept: 0, total: 0 }, errors: { kept: 0, total: 0 }, files: { named: 0, total: 0 } },
  };
}

const summary = (before: number, replaces: number) => ({ before, replaces, tokens: 9, text: `[Previous context: ${replaces} turns summarized]`, textLength: 40 });
const X = (k: number) => -(k + 1);

describe('visibleRows', () => {
  const r = rows(6);
  const ids = ['sw', 'sum', 'imp'];
  const plans = [plan('sw', 'sliding-window', [1, 1, 1, 0, 0, 0]), plan('sum', 'summarize', [2, 2, 2, 0, 0, 0], [summary(3, 3)]), plan('imp', 'importance', [1, 0, 1, 0, 1, 0])];
  const visibleRows = (filters: typeof NO_FILTERS, mask?: Uint8Array) => Array.from(visible(r, plans, ids, filters, mask).items);

  it('puts each insert where its plan puts it, in lane order where two land together', () => {
    expect(visibleRows(NO_FILTERS)).toEqual([0, 1, 2, X(0), 3, 4, 5]);
    const two = [plan('a', 'summarize', [2, 0, 0, 0, 0, 0], [summary(1, 1)]), plan('b', 'summarize', [2, 2, 2, 0, 0, 0], [summary(1, 1), summary(6, 0)])];
    const { items, extras } = visible(r, two, ['a', 'b'], NO_FILTERS, undefined);
    expect(Array.from(items)).toEqual([0, X(0), X(1), 1, 2, 3, 4, 5, X(2)]);
    expect(extras.map((e) => (e.kind === 'insert' ? e.lane : -1))).toEqual([0, 1, 1]);
  });

  it('puts a compaction boundary before the first message after it, ahead of any insert there', () => {
    const boundary = { before: 3, kind: 'compact-boundary' as const, preTokens: 170_251 };
    const { items, extras } = visible(r, plans, ids, NO_FILTERS, undefined, [boundary]);
    expect(Array.from(items)).toEqual([0, 1, 2, X(0), X(1), 3, 4, 5]);
    expect(extras[0]).toEqual({ kind: 'boundary', boundary });
  });

  it('filters by role, tool and fate, combined with AND', () => {
    expect(visibleRows({ ...NO_FILTERS, roles: ['assistant'] })).toEqual([1, X(0), 3, 5]);
    expect(visibleRows({ ...NO_FILTERS, fates: { imp: ['dropped'] } })).toEqual([0, 2, X(0), 4]);
    expect(visibleRows({ ...NO_FILTERS, tools: ['Bash'], fates: { sw: ['kept'] } })).toEqual([X(0), 3, 5]);
    expect(visibleRows({ ...NO_FILTERS, matchesOnly: true }, Uint8Array.of(0, 1, 0, 0, 0, 1))).toEqual([1, X(0), 5]);
  });

  it('says which filters hide a message, and relaxes just those', () => {
    const filters = { ...NO_FILTERS, roles: ['user' as const], fates: { imp: ['kept' as const] } };
    expect(hiddenBy(r, plans, ids, filters, undefined, 1)).toEqual(['role']);
    expect(hiddenBy(r, plans, ids, filters, undefined, 0)).toEqual(['fate']);
    expect(hiddenBy(r, plans, ids, filters, undefined, 2)).toEqual(['fate']);
    expect(hiddenBy(r, plans, ids, { ...NO_FILTERS, tools: ['Bash'] }, undefined, 0)).toEqual(['tool']);
    expect(hiddenBy(r, plans, ids, NO_FILTERS, undefined, 0)).toEqual([]);
    expect(relaxFilters(filters, ['role'])).toEqual({ ...filters, roles: [] });
    const relaxed = relaxFilters(filters, hiddenBy(r, plans, ids, filters, undefined, 1));
    expect(visibleRows(relaxed)).toContain(1);
  });

  it('keeps the same items when a new plan moves no row, and makes them afresh when it does', () => {
    const first = visible(r, plans, ids, NO_FILTERS, undefined);
    // Another budget: other fates, the summary at the same place (another object), no filter.
    const next = [plan('sw', 'sliding-window', [1, 1, 0, 0, 0, 0]), plan('sum', 'summarize', [2, 2, 2, 0, 0, 0], [summary(3, 3)]), plans[2]];
    const again = visible(r, next, ids, NO_FILTERS, undefined, undefined, first);
    expect(again.items).toBe(first.items);
    // The summary row shows the new plan's insert.
    expect(again.extras[0]).toEqual({ kind: 'insert', lane: 1, insert: next[1]?.inserts[0] });
    expect(again.extras).not.toBe(first.extras);
    // Nothing new at all: the very same rows.
    expect(visible(r, next, ids, NO_FILTERS, undefined, undefined, again)).toBe(again);

    // The summary moved: the rows change.
    const moved = [next[0], plan('sum', 'summarize', [2, 2, 2, 2, 0, 0], [summary(4, 4)]), plans[2]];
    const afterMove = visible(r, moved, ids, NO_FILTERS, undefined, undefined, again);
    expect(Array.from(afterMove.items)).toEqual([0, 1, 2, 3, X(0), 4, 5]);
    // A fate filter on the lane whose plan changed: its rows are worked out again.
    const filters = { ...NO_FILTERS, fates: { sw: ['kept' as const] } };
    const filtered = visible(r, moved, ids, filters, undefined, undefined, afterMove);
    expect(Array.from(filtered.items)).toEqual([2, 3, X(0), 4, 5]);
    const keptMore = [plan('sw', 'sliding-window', [1, 0, 0, 0, 0, 0]), moved[1], moved[2]];
    expect(Array.from(visible(r, keptMore, ids, filters, undefined, undefined, filtered).items)).toEqual([1, 2, 3, X(0), 4, 5]);
    // A filter on another lane: a plan of this one moves no row.
    const other = { ...NO_FILTERS, fates: { imp: ['dropped' as const] } };
    const byOther = visible(r, keptMore, ids, other, undefined, undefined, filtered);
    expect(visible(r, [plans[0], keptMore[1], keptMore[2]], ids, other, undefined, undefined, byOther).items).toBe(byOther.items);
  });
});
