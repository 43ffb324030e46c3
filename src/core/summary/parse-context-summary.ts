import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';
import type { SummaryFacts, SummarySection } from './types';
import { emptySummaryFacts } from './empty-summary-facts';
import { shortenText } from './shorten-text';
import { FOCUS_PREFIX, OMITTED_PATTERN, SUMMARY_SECTIONS, TASK_HEADING, TURNS_PREFIX } from './summary-layout';

const SECTION_OF = new Map(SUMMARY_SECTIONS.map(({ key, heading }) => [heading, key]));
const NOTE_CHARS = 300;

/**
 * Reads an earlier summary back into facts, so that a new summary merges it instead of quoting it (quoting is how
 * summaries nest). Our own layout is read section by section; a summary in any other shape (another summarizer's)
 * becomes `notes`, one line each. The `[Context Summary]` marker line is skipped; the `Focus:` line is not carried,
 * since each prune passes its own task context.
 */
export function parseContextSummary(text: string): SummaryFacts {
  const facts = emptySummaryFacts();
  const body = text.startsWith(CONTEXT_SUMMARY_MARKER) ? text.slice(CONTEXT_SUMMARY_MARKER.length) : text;
  const lines = body.split(/\r?\n/);
  const ours = lines.find((line) => line.trim() !== '')?.startsWith(TURNS_PREFIX) ?? false;
  let section: SummarySection | 'task' = 'notes';
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    if (!ours) {
      facts.lists.notes.push(shortenText(line, NOTE_CHARS));
      continue;
    }
    if (line.startsWith(TURNS_PREFIX)) {
      const turns = Number(line.slice(TURNS_PREFIX.length).replace(/,/g, ''));
      if (Number.isFinite(turns) && turns >= 0) facts.turns += turns;
      continue;
    }
    if (line.startsWith('## ')) {
      section = line === TASK_HEADING ? 'task' : (SECTION_OF.get(line) ?? 'notes');
      continue;
    }
    if (section === 'task') {
      if (!line.startsWith(FOCUS_PREFIX) && facts.task === undefined) facts.task = line;
      continue;
    }
    const omitted = OMITTED_PATTERN.exec(line);
    if (omitted) facts.omitted[section] += Number(omitted[1]);
    else facts.lists[section].push(line.startsWith('- ') ? line.slice(2) : shortenText(line, NOTE_CHARS));
  }
  return facts;
}
