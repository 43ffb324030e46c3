import type { SummarySection } from './types';

/**
 * The fixed layout of an extractive summary: the headings, in order, so that two summaries diff line by line, and
 * so that a later summary can read an earlier one back (`parseContextSummary`).
 */
export const SUMMARY_SECTIONS: readonly { key: SummarySection; heading: string }[] = [
  { key: 'requests', heading: '## User requests' },
  { key: 'filesChanged', heading: '## Files changed' },
  { key: 'filesRead', heading: '## Files read' },
  { key: 'commands', heading: '## Commands' },
  { key: 'errors', heading: '## Errors' },
  { key: 'todo', heading: '## Todo list (last state)' },
  { key: 'notes', heading: '## Earlier notes' },
];

export const TASK_HEADING = '## Task';
export const TURNS_PREFIX = 'Turns summarized: ';
export const FOCUS_PREFIX = 'Focus: ';
/** `(12 earlier left out)`: how many items of a section were cut to fit the budget, in this or an earlier summary. */
export const OMITTED_PATTERN = /^\((\d+) earlier left out\)$/;
export const omittedLine = (count: number): string => `(${count} earlier left out)`;
