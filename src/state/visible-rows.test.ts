import { describe, expect, it } from 'vitest';
import type { PlanResult, RowData } from '../worker/protocol';
import { NO_FILTERS } from './view';
import { SUMMARY_ROW, hiddenBy, relaxFilters, visibleRows } from './visible-rows';

function rows(count: number): RowData {
  const role = Uint8Array.from({ length: count }, (_, i) => i % 2);
  // Odd rows (assistants) call Bash: row i holds ids [offsets[i], offsets[i + 1]).
  const names = Int32Array.from({ length: count + 1 }, (_, i) => Math.floor(i / 2));
  return {
    count,
    role,
    flags: new Uint8Array(count),
    chars: new Float64Array(count),
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

function plan(strategy: PlanResult['strategy'], fates: number[]): PlanResult {
  return {
    strategy,
    fates: Uint8Array.from(fates),
    kept: fates.filter((f) => f === 0).length,
    dropped: fates.filter((f) => f === 1).length,
    summarized: fates.filter((f) => f === 2).length,
    keptChars: 0,
  };
}

describe('visibleRows', () => {
  const r = rows(6);
  const plans = [plan('sliding-window', [1, 1, 1, 0, 0, 0]), plan('summarize', [2, 2, 2, 0, 0, 0]), plan('importance', [1, 0, 1, 0, 1, 0])];

  it('puts the summary row just before the first message summarize keeps', () => {
    expect(Array.from(visibleRows(r, plans, NO_FILTERS, undefined))).toEqual([0, 1, 2, SUMMARY_ROW, 3, 4, 5]);
  });

  it('filters by role, tool and fate, combined with AND', () => {
    expect(Array.from(visibleRows(r, plans, { ...NO_FILTERS, roles: ['assistant'] }, undefined))).toEqual([1, SUMMARY_ROW, 3, 5]);
    expect(Array.from(visibleRows(r, plans, { ...NO_FILTERS, fates: { importance: ['dropped'] } }, undefined))).toEqual([0, 2, SUMMARY_ROW, 4]);
    expect(Array.from(visibleRows(r, plans, { ...NO_FILTERS, tools: ['Bash'], fates: { 'sliding-window': ['kept'] } }, undefined))).toEqual([SUMMARY_ROW, 3, 5]);
    expect(Array.from(visibleRows(r, plans, { ...NO_FILTERS, matchesOnly: true }, Uint8Array.of(0, 1, 0, 0, 0, 1)))).toEqual([1, SUMMARY_ROW, 5]);
  });

  it('says which filters hide a message, and relaxes just those', () => {
    const filters = { ...NO_FILTERS, roles: ['user' as const], fates: { importance: ['kept' as const] } };
    expect(hiddenBy(r, plans, filters, undefined, 1)).toEqual(['role']);
    expect(hiddenBy(r, plans, filters, undefined, 0)).toEqual(['fate']);
    expect(hiddenBy(r, plans, filters, undefined, 2)).toEqual(['fate']);
    expect(hiddenBy(r, plans, { ...NO_FILTERS, tools: ['Bash'] }, undefined, 0)).toEqual(['tool']);
    expect(hiddenBy(r, plans, NO_FILTERS, undefined, 0)).toEqual([]);
    expect(relaxFilters(filters, ['role'])).toEqual({ ...filters, roles: [] });
    const relaxed = relaxFilters(filters, hiddenBy(r, plans, filters, undefined, 1));
    expect(Array.from(visibleRows(r, plans, relaxed, undefined))).toContain(1);
  });
});
