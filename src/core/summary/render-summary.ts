import type { TokenCounter } from '../tokens/types';
import type { SummaryFacts, SummaryFactsView, SummaryItem, SummaryListView, SummarySection } from './types';
import { shortenText } from './shorten-text';
import { FOCUS_PREFIX, SUMMARY_SECTIONS, TASK_HEADING, TURNS_PREFIX, omittedLine } from './summary-layout';

/** Per section, each item's line and its tokens, as `renderSummary` wrote them (for one counter and one set of limits). */
export type WrittenLines = Partial<Record<SummarySection, Map<SummaryItem, { line: string; cost: number }>>>;

interface SectionState {
  key: SummarySection;
  heading: string;
  /** Lines written, newest last: each item shortened, repeats of a newer line skipped. */
  lines: string[];
  /** Index in `lines` of the oldest line still kept. */
  start: number;
  /** Per line, its tokens. */
  cost: number[];
  keptCost: number;
  omitted: number;
}

const MIN_TASK_CHARS = 20;

/**
 * Writes facts as the summary text, in the fixed layout (`summary-layout.ts`), within `maxTokens` as `counter`
 * counts the whole text. To fit, it drops the oldest item of whichever section holds the most tokens, again and
 * again, and says under each heading how many it left out (`(N earlier left out)`, earlier summaries' counts
 * included); then, only if the headings and the task alone are too long, it shortens the task, and last cuts the
 * text. Sections with nothing to say are left out. Items are written here, newest first, shortened to one line
 * (`SUMMARY_SECTIONS`' `maxChars`), a line equal to a newer one skipped, and only until a section alone would fill
 * the budget: the work is bounded by the budget, not by the number of items, and what is left out is counted in
 * entries (a command run three times before the cut counts three). `written` keeps each item's line and its cost
 * for the next render with the same counter and limits (a replay renders a summary per request over mostly the same
 * items): an item is a string (the same text, the same line) or a function made once per entry.
 */
export function renderSummary(
  facts: SummaryFacts | SummaryFactsView,
  taskContext: string,
  budget: { maxTokens: number; counter: TokenCounter; maxTaskChars: number; maxRequestChars: number },
  written?: WrittenLines,
): string {
  const { maxTokens, counter } = budget;
  const cost = (line: string): number => counter.count(`${line}\n`);
  let task = facts.task;
  const focus = taskContext.trim() === '' ? undefined : `${FOCUS_PREFIX}${shortenText(taskContext, budget.maxTaskChars)}`;

  const sections: SectionState[] = [];
  for (const { key, heading, maxChars } of SUMMARY_SECTIONS) {
    const items: readonly SummaryItem[] | SummaryListView = facts.lists[key];
    const omitted = facts.omitted[key];
    if (items.length === 0 && omitted === 0) continue;
    const chars = maxChars === 'request' ? budget.maxRequestChars : maxChars;
    // Newest first, until the section alone would fill the budget: older items could never be kept.
    const lines: string[] = [];
    const costs: number[] = [];
    const shown = new Set<string>();
    const memo = written === undefined ? undefined : (written[key] ??= new Map());
    let keptCost = 0;
    let visited = 0;
    for (const item of newestFirst(items)) {
      if (keptCost > maxTokens) break;
      visited++;
      let known = memo?.get(item);
      if (known === undefined) {
        const line = `- ${shortenText(write(item), chars)}`;
        known = { line, cost: cost(line) };
        memo?.set(item, known);
      }
      const { line, cost: c } = known;
      if (shown.has(line)) continue;
      shown.add(line);
      lines.push(line);
      costs.push(c);
      keptCost += c;
    }
    lines.reverse();
    costs.reverse();
    sections.push({ key, heading, lines, start: 0, cost: costs, keptCost, omitted: omitted + items.length - visited });
  }

  const fixedCost = (): number => {
    let total = cost(`${TURNS_PREFIX}${facts.turns}`);
    if (task !== undefined || focus !== undefined) {
      total += cost('') + cost(TASK_HEADING);
      if (task !== undefined) total += cost(task);
      if (focus !== undefined) total += cost(focus);
    }
    for (const s of sections) total += cost('') + cost(s.heading) + (s.omitted > 0 ? cost(omittedLine(s.omitted)) : 0);
    return total;
  };
  let total = fixedCost() + sections.reduce((sum, s) => sum + s.keptCost, 0);

  const dropOne = (): boolean => {
    let pick: SectionState | undefined;
    for (const s of sections) if (s.start < s.lines.length && (pick === undefined || s.keptCost >= pick.keptCost)) pick = s;
    if (pick === undefined) return false;
    const c = pick.cost[pick.start] as number;
    const before = pick.omitted > 0 ? cost(omittedLine(pick.omitted)) : 0;
    pick.start++;
    pick.keptCost -= c;
    pick.omitted++;
    total += cost(omittedLine(pick.omitted)) - before - c;
    return true;
  };
  while (total > maxTokens && dropOne()) {
    // each pass drops one item
  }
  while (total > maxTokens && task !== undefined && task.length > MIN_TASK_CHARS) {
    task = shortenText(task, Math.max(MIN_TASK_CHARS, Math.floor(task.length / 2)));
    total = fixedCost() + sections.reduce((sum, s) => sum + s.keptCost, 0);
  }

  const render = (): string => {
    const lines = [`${TURNS_PREFIX}${facts.turns}`];
    if (task !== undefined || focus !== undefined) {
      lines.push('', TASK_HEADING);
      if (task !== undefined) lines.push(task);
      if (focus !== undefined) lines.push(focus);
    }
    for (const s of sections) {
      lines.push('', s.heading);
      if (s.omitted > 0) lines.push(omittedLine(s.omitted));
      for (let k = s.start; k < s.lines.length; k++) lines.push(s.lines[k] as string);
    }
    return lines.join('\n');
  };
  // Line counts are an estimate for a tokenizer that merges across newlines; the whole text is what must fit.
  let text = render();
  while (counter.count(text) > maxTokens && dropOne()) text = render();
  return counter.count(text) <= maxTokens ? text : cutToFit(text, maxTokens, counter);
}

/** A section's items, newest first: an array read from its end, or a view (`createSummaryFold`). */
function* newestFirst(items: readonly SummaryItem[] | SummaryListView): Iterable<SummaryItem> {
  if (!Array.isArray(items)) {
    yield* (items as SummaryListView).newestFirst();
    return;
  }
  for (let k = items.length - 1; k >= 0; k--) yield items[k] as SummaryItem;
}

function write(item: SummaryItem): string {
  return typeof item === 'string' ? item : item();
}

/** The longest start of `text` that fits, by binary search on its length: O(log n) counts. */
function cutToFit(text: string, maxTokens: number, counter: TokenCounter): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (counter.count(text.slice(0, mid)) <= maxTokens) low = mid;
    else high = mid - 1;
  }
  return text.slice(0, low);
}
