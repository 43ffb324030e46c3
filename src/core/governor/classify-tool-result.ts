import type { EvidenceSink } from './types';
import type { ToolCallKind } from './tool-call-kind';
import { findErrorSignal } from './find-error-signal';
import { toolResultOutcome } from '../text/tool-result-outcome';
import { toolResultText } from '../text/tool-result-text';
import { countMatches } from './count-matches';
import { DIFF_TEXT, mayHoldDiff } from './text-patterns';

/** How much of a tool output is read (see `classifyUnits`). */
export interface ResultReading {
  /** Characters read from each end of the output for error signals. */
  errorEnds: number;
  /** Characters read from the start of an unknown tool's output for its shape. */
  shapeHead: number;
}

const GREP_LINE = /^[\w./@-]+:\d+[:-]/gm;
const NUMBERED_FILE_LINE = /^\s*\d+(→|\t)/m;
const HEADING = /^#{1,3} \S/gm;

/**
 * Types one tool result: a failed call (`toolResultOutcome`: `is_error`, a non-zero exit code, the rule the
 * scorecard and the timeline use too); a failure in its output (`findErrorSignal`), where a dedicated tool's output
 * (`kind` known and not a shell command) is searched only for the call itself failing; and, for a tool whose kind
 * is unknown, the shape of its output: a unified diff, web search results, grep-style `path:line:` lines, numbered
 * file lines, a markdown document.
 */
export function classifyToolResult(
  block: { content?: unknown; is_error?: unknown },
  kind: ToolCallKind | undefined,
  found: EvidenceSink,
  reading: ResultReading,
): void {
  if (block.is_error === true) found.add('error', 'is_error');
  const text = toolResultText(block.content);
  // What a dedicated tool (read, search, edit, plan) returns is content or a confirmation: "Error:" in a source
  // file is no failure, and such a tool that fails says so at once. A command's output is also its outcome.
  const returnsContent = kind !== undefined && !kind.shell;
  if (block.is_error !== true) {
    const signal = findErrorSignal(text, returnsContent ? 'tool-failure' : 'any', reading.errorEnds);
    if (signal !== undefined) found.add('error', signal);
    else if (block.is_error === undefined) {
      // No flag, no sign in the ends read: the shared rule may still find a failure (an exit code at the very end).
      const { failed, exitCode } = toolResultOutcome(block, text);
      if (failed) found.add('error', exitCode !== undefined ? `exit code ${exitCode}` : 'failed');
    }
  }
  if (kind !== undefined) return;
  // What an unknown tool returned, judged by its first lines; `includes` rules most outputs out before any pattern.
  const head = text.slice(0, reading.shapeHead);
  if (mayHoldDiff(head) && DIFF_TEXT.test(head)) {
    found.add('diff', 'unified diff');
  } else if (head.startsWith('Web search results')) {
    found.add('search_result', 'web search results');
  } else if (head.includes(':') && countMatches(GREP_LINE, head) >= 2) {
    found.add('search_result', 'grep-style lines');
  } else if ((head.includes('→') || head.includes('\t')) && NUMBERED_FILE_LINE.test(head)) {
    found.add('file', 'numbered file lines');
  } else if (head.includes('#')) {
    const headings = countMatches(HEADING, head);
    if (headings >= 2) found.add('documentation', `markdown document (${headings} headings)`);
  }
}
