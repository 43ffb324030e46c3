import type { SummaryItem, SummaryListView } from './types';

/** A section's lines as `renderSummary` writes them before fitting the budget (see there). */
export interface SectionLines {
  /** What they were written from, for the next render's reuse: the items, their version and the bound. */
  items: unknown;
  version: number;
  maxTokens: number;
  /** Oldest first. */
  lines: string[];
  costs: number[];
  /** Per line, how many items had been visited when it was (1-based, newest first). */
  at: number[];
  keptCost: number;
  visited: number;
  /** `costs` as prefix sums (0 first), made by the render that needs them. */
  sums?: Float64Array;
}

/**
 * A section's lines, newest first until the section alone would fill `maxTokens`, a line equal to a newer one
 * skipped (`renderSummary`'s first pass). `written` gives an item's line and its tokens. When `before` was written
 * for the same array with fewer items (a list only grows) and the same bound, only the new items are written and
 * `before`'s lines are taken after them: a line of `before` equal to a new one becomes a skipped repeat (its own
 * repeats stay repeats), and the pass stops where it would have.
 */
export function writeSectionLines(
  items: readonly SummaryItem[] | SummaryListView,
  version: number,
  maxTokens: number,
  written: (item: SummaryItem) => { line: string; cost: number },
  before: SectionLines | undefined,
): SectionLines {
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
  const grown = before !== undefined && Array.isArray(items) && before.items === items && before.maxTokens === maxTokens && before.version <= items.length;
  if (!grown) {
    eachNewest(items, visit);
    return finish(items, version, maxTokens, newest, keptCost, visited);
  }
  const list = items as readonly SummaryItem[];
  const old = before;
  for (let k = list.length - 1; k >= old.version && visit(list[k] as SummaryItem); k--) {
    // each new item, newest first
  }
  if (keptCost > maxTokens || visited < list.length - old.version) return finish(items, version, maxTokens, newest, keptCost, visited);
  const fresh = visited;
  for (let k = old.lines.length - 1; k >= 0; k--) {
    if (keptCost > maxTokens) return finish(items, version, maxTokens, newest, keptCost, visited);
    const line = old.lines[k] as string;
    visited = fresh + (old.at[k] as number);
    if (shown.has(line)) continue;
    shown.add(line);
    const cost = old.costs[k] as number;
    newest.push({ line, cost, at: visited });
    keptCost += cost;
  }
  if (keptCost > maxTokens) return finish(items, version, maxTokens, newest, keptCost, visited);
  // Past the old lines: the repeats visited after them, then the items the old pass never reached.
  visited = fresh + old.visited;
  for (let k = old.version - old.visited - 1; k >= 0 && visit(list[k] as SummaryItem); k--) {
    // each older item, newest first
  }
  return finish(items, version, maxTokens, newest, keptCost, visited);
}

function finish(items: unknown, version: number, maxTokens: number, newest: { line: string; cost: number; at: number }[], keptCost: number, visited: number): SectionLines {
  const n = newest.length;
  const out: SectionLines = { items, version, maxTokens, lines: new Array<string>(n), costs: new Array<number>(n), at: new Array<number>(n), keptCost, visited };
  for (let k = 0; k < n; k++) {
    const entry = newest[n - 1 - k] as { line: string; cost: number; at: number };
    out.lines[k] = entry.line;
    out.costs[k] = entry.cost;
    out.at[k] = entry.at;
  }
  return out;
}

/** Calls `visit` with a section's items, newest first, until it returns false. */
function eachNewest(items: readonly SummaryItem[] | SummaryListView, visit: (item: SummaryItem) => boolean): void {
  if (!Array.isArray(items)) {
    (items as SummaryListView).eachNewest(visit);
    return;
  }
  for (let k = items.length - 1; k >= 0; k--) if (!visit(items[k] as SummaryItem)) return;
}
