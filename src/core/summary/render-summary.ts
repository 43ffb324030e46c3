import type { TokenCounter } from '../tokens/types';
import type { SummaryFacts, SummaryFactsView, SummaryItem, SummaryListView, SummarySection } from './types';
import { shortenText } from './shorten-text';
import { writeSectionLines, type SectionLines } from './write-section-lines';
import { dropsToFit } from './drops-to-fit';
import { summaryItemText } from './summary-item-text';
import { FOCUS_PREFIX, SUMMARY_SECTIONS, TASK_HEADING, TURNS_PREFIX, omittedLine } from './summary-layout';

/**
 * What `renderSummary` keeps from one render to the next, for one counter and one set of limits: per section each
 * item's line and tokens, and the lines it last showed with the items and bound they were for; the tokens of each
 * "(N earlier left out)" line. Make it `{ lines: {}, shown: {}, omitted: new Map() }`.
 */
export interface RenderMemo {
  lines: Partial<Record<SummarySection, Map<SummaryItem, { line: string; cost: number }>>>;
  shown: Partial<Record<SummarySection, SectionLines>>;
  omitted: Map<number, number>;
  /** The first line of the text last rendered, when it was not cut: a cheap test that two summaries differ. */
  firstLine?: string;
}

interface SectionState {
  key: SummarySection;
  heading: string;
  /** Lines written, newest last: each item shortened, repeats of a newer line skipped; `[start, end)` kept. */
  lines: string[];
  /** Index in `lines` of the oldest line still kept. */
  start: number;
  end: number;
  /** Per line, its tokens. */
  cost: number[];
  keptCost: number;
  omitted: number;
  /** What `lines` came from, by which a memo knows them again. */
  written: SectionLines;
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
 * entries (a command run three times before the cut counts three). `memo` keeps what the next render with the same
 * counter and limits can reuse (a replay renders a summary per request, and between two requests most sections
 * have not changed): an item is a string (the same text, the same line), or a function or a shell run made once per entry.
 */
export function renderSummary(
  facts: SummaryFacts | SummaryFactsView,
  taskContext: string,
  budget: { maxTokens: number; counter: TokenCounter; maxTaskChars: number; maxRequestChars: number },
  memo?: RenderMemo,
): string {
  const { maxTokens, counter } = budget;
  const cost = (line: string): number => counter.count(`${line}\n`);
  const omittedCost = (count: number): number => {
    let c = memo?.omitted.get(count);
    if (c === undefined) {
      c = cost(omittedLine(count));
      memo?.omitted.set(count, c);
    }
    return c;
  };
  let task = facts.task;
  const focus = taskContext.trim() === '' ? undefined : `${FOCUS_PREFIX}${shortenText(taskContext, budget.maxTaskChars)}`;
  const sections = writeSections(facts, budget, cost, memo);

  const fixedCost = (): number => {
    let total = cost(`${TURNS_PREFIX}${facts.turns}`);
    if (task !== undefined || focus !== undefined) {
      total += cost('') + cost(TASK_HEADING);
      if (task !== undefined) total += cost(task);
      if (focus !== undefined) total += cost(focus);
    }
    for (const s of sections) total += cost('') + cost(s.heading) + (s.omitted > 0 ? omittedCost(s.omitted) : 0);
    return total;
  };
  const keptCost = (): number => {
    let sum = 0;
    for (const s of sections) sum += s.keptCost;
    return sum;
  };
  const fixedBefore = fixedCost();
  let total = fixedBefore + keptCost();
  const dropFrom = (pick: SectionState): void => {
    const c = pick.cost[pick.start] as number;
    const before = pick.omitted > 0 ? omittedCost(pick.omitted) : 0;
    pick.start++;
    pick.keptCost -= c;
    pick.omitted++;
    total += omittedCost(pick.omitted) - before - c;
  };
  // Every state the fit passes through before this one costs more than the budget even without its omitted lines.
  const omittedNow = sections.reduce((sum, s) => sum + (s.omitted > 0 ? omittedCost(s.omitted) : 0), 0);
  const drops = dropsToFit(sections.map(sumsOf), maxTokens - (fixedBefore - omittedNow));
  sections.forEach((s, k) => {
    const d = drops[k] as number;
    if (d === 0) return;
    const { sums } = s.written.backing;
    s.keptCost -= (sums[s.start + d] as number) - (sums[s.start] as number);
    s.start += d;
    s.omitted += d;
  });
  total = fixedCost() + keptCost();
  dropUntilFits(sections, () => total > maxTokens, dropFrom);
  while (total > maxTokens && task !== undefined && task.length > MIN_TASK_CHARS) {
    task = shortenText(task, Math.max(MIN_TASK_CHARS, Math.floor(task.length / 2)));
    total = fixedCost() + keptCost();
  }

  // Line counts are an estimate for a tokenizer that merges across newlines; the whole text is what must fit.
  const render = (): string => renderText(`${TURNS_PREFIX}${facts.turns}`, task, focus, sections);
  let text = render();
  let tokens = counter.count(text);
  for (let pick = pickSection(sections); tokens > maxTokens && pick >= 0; pick = pickSection(sections)) {
    dropFrom(sections[pick] as SectionState);
    text = render();
    tokens = counter.count(text);
  }
  if (tokens <= maxTokens) {
    if (memo !== undefined) memo.firstLine = `${TURNS_PREFIX}${facts.turns}`;
    return text;
  }
  if (memo !== undefined) memo.firstLine = undefined;
  return cutToFit(text, maxTokens, counter);
}

/**
 * Each section with something to say, its lines written newest first until the section alone would fill the
 * budget (older items could never be kept). A memo's section is taken as it is when its items and the bound are the
 * ones it was written for, and only its new items written when its list has grown.
 */
function writeSections(
  facts: SummaryFacts | SummaryFactsView,
  budget: { maxTokens: number; maxRequestChars: number },
  cost: (line: string) => number,
  memo: RenderMemo | undefined,
): SectionState[] {
  const { maxTokens } = budget;
  const sections: SectionState[] = [];
  for (const { key, heading, maxChars } of SUMMARY_SECTIONS) {
    const items: readonly SummaryItem[] | SummaryListView = facts.lists[key];
    const omitted = facts.omitted[key];
    if (items.length === 0 && omitted === 0) continue;
    const chars = maxChars === 'request' ? budget.maxRequestChars : maxChars;
    const version = Array.isArray(items) ? items.length : (items as SummaryListView).version;
    const cached = memo?.shown[key];
    let section: SectionLines;
    if (cached !== undefined && cached.items === items && cached.version === version && cached.maxTokens === maxTokens) section = cached;
    else {
      const known = memo === undefined ? undefined : (memo.lines[key] ??= new Map());
      section = writeSectionLines(items, version, maxTokens, (item) => {
        let written = known?.get(item);
        if (written === undefined) {
          const line = `- ${shortenText(summaryItemText(item), chars)}`;
          written = { line, cost: cost(line) };
          known?.set(item, written);
        }
        return written;
      }, cached);
      if (memo !== undefined) memo.shown[key] = section;
    }
    const { backing } = section;
    sections.push({ key, heading, lines: backing.lines, start: section.from, end: section.end, cost: backing.costs, keptCost: section.keptCost, omitted: omitted + items.length - section.visited, written: section });
  }
  return sections;
}

/** A section's written lines' tokens as prefix sums, oldest first (a view of its backing's, not a copy). */
function sumsOf(s: SectionState): Float64Array {
  return s.written.backing.sums.subarray(s.start, s.end + 1);
}

/** The section to drop a line from: the last of those holding the most kept tokens with a line left; -1 for none. */
function pickSection(sections: readonly SectionState[]): number {
  let pick = -1;
  for (let k = 0; k < sections.length; k++) {
    const s = sections[k] as SectionState;
    if (s.start < s.end && (pick < 0 || s.keptCost >= (sections[pick] as SectionState).keptCost)) pick = k;
  }
  return pick;
}

/**
 * Drops the oldest line of `pickSection`'s pick while `over()`, a section at a time: the pick stays the pick while it
 * keeps at least as many tokens as every section before it and more than every one after it.
 */
function dropUntilFits(sections: readonly SectionState[], over: () => boolean, dropFrom: (section: SectionState) => void): void {
  while (over()) {
    const pick = pickSection(sections);
    if (pick < 0) return;
    let before = -Infinity;
    let after = -Infinity;
    for (let k = 0; k < sections.length; k++) {
      const s = sections[k] as SectionState;
      if (k === pick || s.start >= s.end) continue;
      if (k < pick) before = Math.max(before, s.keptCost);
      else after = Math.max(after, s.keptCost);
    }
    const s = sections[pick] as SectionState;
    do dropFrom(s);
    while (over() && s.start < s.end && s.keptCost >= before && s.keptCost > after);
  }
}

/**
 * The summary's text, built by concatenation (V8 keeps a concatenation as a rope, built in O(pieces)): a replay
 * renders a summary of up to 20,000 tokens per request, and joining its thousand lines, into a string large enough
 * to be allocated on its own, cost half of OpenHands' replay.
 */
function renderText(first: string, task: string | undefined, focus: string | undefined, sections: readonly SectionState[]): string {
  let text = first;
  if (task !== undefined || focus !== undefined) {
    text += `\n\n${TASK_HEADING}`;
    if (task !== undefined) text += `\n${task}`;
    if (focus !== undefined) text += `\n${focus}`;
  }
  for (const s of sections) {
    text += `\n\n${s.heading}`;
    if (s.omitted > 0) text += `\n${omittedLine(s.omitted)}`;
    text += sectionText(s);
  }
  return text;
}

const BLOCK = 64;

/**
 * A section's kept lines, each after a newline: the whole blocks of 64 lines among them as their backing joined them
 * once (a backing only grows, so a block never changes, and the next requests' summaries hold the same lines), the
 * lines around them one by one.
 */
function sectionText(s: SectionState): string {
  const { lines, start, end } = s;
  const { blocks } = s.written.backing;
  let text = '';
  let k = start;
  for (const first = Math.min(end, Math.ceil(start / BLOCK) * BLOCK); k < first; k++) text += `\n${lines[k] as string}`;
  for (; k + BLOCK <= end; k += BLOCK) text += (blocks[k / BLOCK] ??= `\n${lines.slice(k, k + BLOCK).join('\n')}`);
  for (; k < end; k++) text += `\n${lines[k] as string}`;
  return text;
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
