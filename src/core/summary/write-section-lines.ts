import type { SummaryItem, SummaryListView } from './types';
import { firstTrue } from '../plan/first-true';

/**
 * Lines of one section, oldest first, that passes of later renders append to: a pass that only adds lines newer than
 * the last one's takes this backing as it is, so what was written, summed and joined for one request is read again
 * for the next without copying (see `writeSectionLines`).
 */
export interface SectionBacking {
  lines: string[];
  costs: number[];
  /** Per line, the index of the item it was written from, in the list oldest first. */
  item: number[];
  /** Prefix sums of `costs` (`sums[0]` is 0), as long as `lines` plus one; its capacity grows by doubling. */
  sums: Float64Array;
  /**
   * Per line, where it last sits in `lines`; made when a later pass first asks (`indexOf`), then kept up by `push`. A
   * one-shot summary, and a section written afresh for each request, never ask: hashing every line they wrote was
   * most of a full write's cost.
   */
  index: Map<string, number> | undefined;
  /** Lines `[64b, 64b + 64)` joined, each after a newline, made when first rendered (they never change). */
  blocks: string[];
}

/** A section's lines as `renderSummary` writes them before fitting the budget (see there): `backing` `[from, end)`. */
export interface SectionLines {
  /** What they were written from, for the next render's reuse: the items, their version and count, and the bound. */
  items: unknown;
  version: number;
  length: number;
  maxTokens: number;
  backing: SectionBacking;
  from: number;
  end: number;
  keptCost: number;
  /** Items visited, newest first, before the pass stopped (repeats included). */
  visited: number;
}

/** A list whose older entries a change leaves as they were since a version: arrays (they only grow), and file views that only took new paths. */
function onlyGrew(items: readonly SummaryItem[] | SummaryListView, before: SectionLines): boolean {
  if (Array.isArray(items)) return before.length <= items.length;
  return (items as SummaryListView).grownSince(before.version);
}

/**
 * A section's lines, newest first until the section alone would fill `maxTokens`, a line equal to a newer one
 * skipped (`renderSummary`'s first pass). `written` gives an item's line and its tokens. When `before` was written
 * for the same list with fewer items (`onlyGrew`) and the same bound, only the new items are written: when none of
 * their lines repeats one of `before`'s and `before` is its backing's last pass, they are appended to that backing
 * and where the pass stops among the old lines is found by binary search over their sums; else `before`'s lines are
 * taken after them, a line of `before` equal to a new one becoming a skipped repeat, into a backing of their own.
 */
export function writeSectionLines(
  items: readonly SummaryItem[] | SummaryListView,
  version: number,
  maxTokens: number,
  written: (item: SummaryItem) => { line: string; cost: number },
  before: SectionLines | undefined,
): SectionLines {
  const length = items.length;
  const newest: { line: string; cost: number; at: number }[] = [];
  const shown = new Set<string>();
  let keptCost = 0;
  let visited = 0;
  const visit = (item: SummaryItem): boolean => {
    if (keptCost > maxTokens) return false;
    visited++;
    const { line, cost } = written(item);
    if (shown.has(line)) return true;
    shown.add(line);
    newest.push({ line, cost, at: visited });
    keptCost += cost;
    return true;
  };
  const done = (): SectionLines => finish(items, version, length, maxTokens, newest, keptCost, visited);
  if (before === undefined || before.items !== items || before.maxTokens !== maxTokens || !onlyGrew(items, before)) {
    eachNewest(items, length, visit);
    return done();
  }
  const old = before;
  eachNewest(items, length - old.length, visit);
  if (keptCost > maxTokens || visited < length - old.length) return done();
  const fresh = visited;
  const { backing } = old;
  const appended = old.end === backing.lines.length && newest.every(({ line }) => (indexOf(backing).get(line) ?? -1) < old.from);
  if (appended) return append(old, newest, fresh, keptCost, items, version, length);
  for (let k = old.end - 1; k >= old.from; k--) {
    if (keptCost > maxTokens) return done();
    const line = backing.lines[k] as string;
    visited = fresh + old.length - (backing.item[k] as number);
    if (shown.has(line)) continue;
    shown.add(line);
    const cost = backing.costs[k] as number;
    newest.push({ line, cost, at: visited });
    keptCost += cost;
  }
  if (keptCost > maxTokens) return done();
  // Past the old lines: the repeats visited after them, then the items the old pass never reached.
  visited = fresh + old.visited;
  if (old.visited < old.length) {
    // Reached only when new lines repeat old ones (a repeat costs nothing): the walk to the items after them.
    let k = 0;
    eachNewest(items, length, (item) => (k++ < fresh + old.visited ? true : visit(item)));
  }
  return done();
}

/**
 * `before`'s backing with the new lines appended (`newest`, newest first, none of them one of its lines, within the
 * bound): the pass writes them, then `before`'s lines newest first while the bound is not passed, so it stops at
 * the oldest line whose newer lines cost at most the bound; if it reaches none (every old line kept within the
 * bound), it went on to the end, as `before`'s did.
 */
function append(before: SectionLines, newest: readonly { line: string; cost: number; at: number }[], fresh: number, newCost: number, items: unknown, version: number, length: number): SectionLines {
  const { backing, from, end, maxTokens } = before;
  const { sums } = backing;
  const keep = from + firstTrue(end - from, (j) => newCost + (sums[end] as number) - (sums[from + j + 1] as number) <= maxTokens);
  for (let k = newest.length - 1; k >= 0; k--) {
    const { line, cost, at } = newest[k] as { line: string; cost: number; at: number };
    push(backing, line, cost, length - at);
  }
  const keptCost = newCost + (sums[end] as number) - (sums[keep] as number);
  const visited = keptCost > maxTokens ? fresh + before.length - (backing.item[keep] as number) : fresh + before.visited;
  return { items, version, length, maxTokens, backing, from: keep, end: backing.lines.length, keptCost, visited };
}

function push(backing: SectionBacking, line: string, cost: number, item: number): void {
  const k = backing.lines.length;
  if (backing.sums.length < k + 2) {
    const sums = new Float64Array(Math.max(16, backing.sums.length * 2));
    sums.set(backing.sums);
    backing.sums = sums;
  }
  backing.lines.push(line);
  backing.costs.push(cost);
  backing.item.push(item);
  backing.sums[k + 1] = (backing.sums[k] as number) + cost;
  backing.index?.set(line, k);
}

/** `backing.index`, made from its lines the first time it is asked for. */
function indexOf(backing: SectionBacking): Map<string, number> {
  if (backing.index !== undefined) return backing.index;
  const index = new Map<string, number>();
  const { lines } = backing;
  for (let k = 0; k < lines.length; k++) index.set(lines[k] as string, k);
  backing.index = index;
  return index;
}

function finish(items: unknown, version: number, length: number, maxTokens: number, newest: readonly { line: string; cost: number; at: number }[], keptCost: number, visited: number): SectionLines {
  const backing: SectionBacking = { lines: [], costs: [], item: [], sums: new Float64Array(newest.length + 1), index: undefined, blocks: [] };
  for (let k = newest.length - 1; k >= 0; k--) {
    const { line, cost, at } = newest[k] as { line: string; cost: number; at: number };
    push(backing, line, cost, length - at);
  }
  return { items, version, length, maxTokens, backing, from: 0, end: backing.lines.length, keptCost, visited };
}

/** Calls `visit` with the newest `count` of a section's items, newest first, until it returns false. */
function eachNewest(items: readonly SummaryItem[] | SummaryListView, count: number, visit: (item: SummaryItem) => boolean): void {
  if (!Array.isArray(items)) {
    let k = 0;
    (items as SummaryListView).eachNewest((item) => k++ < count && visit(item));
    return;
  }
  for (let k = items.length - 1; k >= items.length - count; k--) if (!visit(items[k] as SummaryItem)) return;
}
