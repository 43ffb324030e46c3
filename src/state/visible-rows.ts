/**
 * Which rows the timeline shows, in order: the messages passing the filters, plus the extra rows lanes add where
 * their plans put them (a summary message, anywhere, several per lane if a plan has several). Extra rows are encoded
 * in `items` as negative numbers: `-(k + 1)` is `extras[k]`. O(n) typed-array work, skipped when a plan moves no row.
 */
import { FATE, type MessageFate } from '../core';
import type { DocSummary, InsertInfo, PlanResult, RowData } from '../worker/protocol';
import type { Filters } from './view';

/** A row that is not a message of the transcript: a lane's insert, or a compaction boundary of the log. */
export type ExtraRow =
  | {
      kind: 'insert';
      /** Position of the lane whose plan adds it. */
      lane: number;
      insert: InsertInfo;
    }
  | { kind: 'boundary'; boundary: DocSummary['boundaries'][number] };

const before = (row: ExtraRow): number => (row.kind === 'insert' ? row.insert.before : row.boundary.before);

export interface VisibleRows {
  items: Int32Array;
  extras: ExtraRow[];
}

/** Whether an item of `items` is an extra row. */
export const isExtra = (item: number): boolean => item < 0;

/** The extra row an item stands for. */
export const extraOf = (extras: readonly ExtraRow[], item: number): ExtraRow | undefined => extras[-item - 1];

/**
 * @param lanePlans the plan of each lane on screen, in lane order (undefined while a lane has none yet)
 * @param laneIds the lanes' ids, in the same order, for the fate filters
 * @param boundaries where the log was compacted: a row before the first message after each
 * @param previous the rows shown before: kept (the same `items`, even the same `extras`) when nothing they depend on
 *   changed, so a plan that moves no row (a budget drag, no fate filter) costs O(extra rows), not O(messages), and
 *   the timeline sees the same array
 */
export function visibleRows(
  rows: RowData,
  lanePlans: readonly (PlanResult | undefined)[],
  laneIds: readonly string[],
  filters: Filters,
  matchMask: Uint8Array | undefined,
  boundaries: DocSummary['boundaries'] = NO_BOUNDARIES,
  previous?: VisibleRows,
): VisibleRows {
  const extras = extraRows(lanePlans, boundaries);
  const inputs: RowsInputs = { rows, laneIds: laneIds.join('\u0000'), filters, matchMask, boundaries, filteredFates: filteredFates(lanePlans, laneIds, filters) };
  const before = previous && madeFrom.get(previous.items);
  if (previous && before && sameInputs(before, inputs) && sameOrder(previous.extras, extras)) {
    return sameRows(previous.extras, extras) ? previous : { items: previous.items, extras };
  }
  const items = messagesAndExtras(rows, lanePlans, laneIds, filters, matchMask, extras);
  madeFrom.set(items, inputs);
  return { items, extras };
}

// One array for "none", so calls without boundaries compare equal.
const NO_BOUNDARIES: DocSummary['boundaries'] = [];

/** What an `items` array was made from, but for the extra rows' order (compared on their own, see `sameOrder`). */
interface RowsInputs {
  rows: RowData;
  laneIds: string;
  filters: Filters;
  matchMask: Uint8Array | undefined;
  boundaries: DocSummary['boundaries'];
  /** Per lane with a fate filter, its plan's fates: only those lanes' plans can hide a message. */
  filteredFates: (Uint8Array | undefined)[];
}

// By the array, not in the store: a store update that changes what the rows come from without asking for them again
// (a load sets lanes and filters first) then simply finds no match and they are made afresh.
const madeFrom = new WeakMap<Int32Array, RowsInputs>();

function filteredFates(lanePlans: readonly (PlanResult | undefined)[], laneIds: readonly string[], filters: Filters): (Uint8Array | undefined)[] {
  return laneIds.filter((laneId) => filters.fates[laneId]?.length).map((laneId) => lanePlans[laneIds.indexOf(laneId)]?.fates);
}

function sameInputs(a: RowsInputs, b: RowsInputs): boolean {
  return (
    a.rows === b.rows &&
    a.laneIds === b.laneIds &&
    a.filters === b.filters &&
    a.matchMask === b.matchMask &&
    a.boundaries === b.boundaries &&
    a.filteredFates.length === b.filteredFates.length &&
    a.filteredFates.every((fates, k) => fates === b.filteredFates[k])
  );
}

/** The same extra rows at the same places (their contents, a summary's text, may differ). */
function sameOrder(a: readonly ExtraRow[], b: readonly ExtraRow[]): boolean {
  return a.length === b.length && a.every((row, k) => {
    const other = b[k] as ExtraRow;
    if (row.kind === 'boundary') return other.kind === 'boundary' && other.boundary === row.boundary;
    return other.kind === 'insert' && other.lane === row.lane && other.insert.before === row.insert.before;
  });
}

function sameRows(a: readonly ExtraRow[], b: readonly ExtraRow[]): boolean {
  return a.every((row, k) => {
    const other = b[k] as ExtraRow;
    return row.kind === 'boundary' ? other.kind === 'boundary' && other.boundary === row.boundary : other.kind === 'insert' && other.insert === row.insert;
  });
}

/** Extra rows sorted by where they land: a boundary first, then the lanes' inserts in lane order. */
function extraRows(lanePlans: readonly (PlanResult | undefined)[], boundaries: DocSummary['boundaries']): ExtraRow[] {
  const extras: ExtraRow[] = boundaries.map((boundary) => ({ kind: 'boundary', boundary }));
  lanePlans.forEach((plan, lane) => {
    for (const insert of plan?.inserts ?? []) extras.push({ kind: 'insert', lane, insert });
  });
  const rank = (row: ExtraRow) => (row.kind === 'boundary' ? -1 : row.lane);
  extras.sort((a, b) => before(a) - before(b) || rank(a) - rank(b));
  return extras;
}

function messagesAndExtras(
  rows: RowData,
  lanePlans: readonly (PlanResult | undefined)[],
  laneIds: readonly string[],
  filters: Filters,
  matchMask: Uint8Array | undefined,
  extras: readonly ExtraRow[],
): Int32Array {
  const { count } = rows;
  const roleWanted = filters.roles.length === 1 ? (filters.roles[0] === 'assistant' ? 1 : 0) : -1;
  let toolWanted: Uint8Array | undefined;
  if (filters.tools.length > 0) {
    toolWanted = new Uint8Array(rows.toolNames.length);
    const wanted = new Set(filters.tools);
    rows.toolNames.forEach((name, id) => {
      if (wanted.has(name)) toolWanted![id] = 1;
    });
  }
  const fateChecks: { fates: Uint8Array; allowed: Uint8Array }[] = [];
  laneIds.forEach((laneId, lane) => {
    const wanted = filters.fates[laneId];
    const plan = lanePlans[lane];
    if (!wanted?.length || !plan) return;
    const allowed = new Uint8Array(4);
    for (const f of wanted) allowed[FATE[f]] = 1;
    fateChecks.push({ fates: plan.fates, allowed });
  });
  const onlyMatches = filters.matchesOnly && matchMask !== undefined;
  const filtering = roleWanted >= 0 || toolWanted !== undefined || fateChecks.length > 0 || onlyMatches;

  const out = new Int32Array(count + extras.length);
  let n = 0;
  let next = 0;
  for (let i = 0; i < count; i++) {
    if (filtering) {
      if (roleWanted >= 0 && rows.role[i] !== roleWanted) continue;
      if (onlyMatches && !matchMask![i]) continue;
      if (toolWanted && !callsWanted(rows, i, toolWanted)) continue;
      if (fateChecks.some((check) => !check.allowed[check.fates[i] as number])) continue;
    }
    while (next < extras.length && before(extras[next] as ExtraRow) <= i) out[n++] = -(next++ + 1);
    out[n++] = i;
  }
  // Extra rows after the last shown message only when nothing is filtered out (they would float, unanchored).
  if (!filtering) while (next < extras.length) out[n++] = -(next++ + 1);
  return out.slice(0, n);
}

function callsWanted(rows: RowData, i: number, toolWanted: Uint8Array): boolean {
  for (let k = rows.toolNameOffsets[i] as number, end = rows.toolNameOffsets[i + 1] as number; k < end; k++) {
    if (toolWanted[rows.toolNameIds[k] as number]) return true;
  }
  return false;
}

/** Message `index`'s tool partners (its calls' results, its results' calls), or undefined when it has none. */
export function partnersOf(rows: RowData | undefined, index: number): Int32Array | undefined {
  if (!rows || index < 0 || index >= rows.count) return undefined;
  const start = rows.partnerOffsets[index] as number;
  const end = rows.partnerOffsets[index + 1] as number;
  return end > start ? rows.partners.subarray(start, end) : undefined;
}

export type FilterName = 'role' | 'tool' | 'fate' | 'matches';

/** Which filters hide message `index` (empty when it is shown). Cheap: one message, no array built. */
export function hiddenBy(
  rows: RowData,
  lanePlans: readonly (PlanResult | undefined)[],
  laneIds: readonly string[],
  filters: Filters,
  matchMask: Uint8Array | undefined,
  index: number,
): FilterName[] {
  const reasons: FilterName[] = [];
  if (index < 0 || index >= rows.count) return reasons;
  if (filters.roles.length === 1 && (rows.role[index] === 1 ? 'assistant' : 'user') !== filters.roles[0]) reasons.push('role');
  if (filters.tools.length > 0) {
    const wanted = new Set(filters.tools);
    let hit = false;
    for (let k = rows.toolNameOffsets[index] as number, end = rows.toolNameOffsets[index + 1] as number; k < end && !hit; k++) {
      hit = wanted.has(rows.toolNames[rows.toolNameIds[k] as number] ?? '');
    }
    if (!hit) reasons.push('tool');
  }
  const fateHides = laneIds.some((laneId, lane) => {
    const wanted: readonly MessageFate[] | undefined = filters.fates[laneId];
    const plan = lanePlans[lane];
    return !!wanted?.length && !!plan && !wanted.some((f) => FATE[f] === plan.fates[index]);
  });
  if (fateHides) reasons.push('fate');
  if (filters.matchesOnly && matchMask !== undefined && !matchMask[index]) reasons.push('matches');
  return reasons;
}

/** The filters with the given ones cleared. */
export function relaxFilters(filters: Filters, reasons: readonly FilterName[]): Filters {
  return {
    roles: reasons.includes('role') ? [] : filters.roles,
    tools: reasons.includes('tool') ? [] : filters.tools,
    fates: reasons.includes('fate') ? {} : filters.fates,
    matchesOnly: reasons.includes('matches') ? false : filters.matchesOnly,
  };
}
