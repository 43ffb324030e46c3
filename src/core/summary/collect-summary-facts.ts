import type { MessageLike } from '../types';
import type { SummaryFacts, SummaryListView } from './types';
import { createSummaryFold } from './create-summary-fold';

/**
 * One pass over the turns to summarize, in order, keeping what real summaries lose most often: the task and the
 * user's later requests, files changed and read, commands with their exit codes, errors (the telling line of
 * failed results, stack traces in command output), and the todo list's last state. An earlier summary among the
 * turns is read back (`parseContextSummary`) and merged: its items come first; a path seen again moves to the end
 * (most recent last). Only results of shell calls and failed results are read, so a long file read costs nothing.
 * Items are kept as found (the task excepted): `renderSummary` shortens, deduplicates and, for errors, writes
 * only the entries that fit its budget; at 100k messages most entries are never shown. (`createSummaryFold` is
 * this pass one turn at a time; `summarizeExtractive` renders its view without listing every file.)
 */
export function collectSummaryFacts(
  turns: readonly MessageLike[],
  limits: { maxRequestChars: number; maxTaskChars: number },
): SummaryFacts {
  const fold = createSummaryFold(limits);
  for (const turn of turns) fold.add(turn);
  const view = fold.view();
  const oldestFirst = (list: SummaryListView): string[] => {
    const paths: string[] = [];
    list.eachNewest((path) => paths.push(path as string) > 0);
    return paths.reverse();
  };
  return { ...view, lists: { ...view.lists, filesChanged: oldestFirst(view.lists.filesChanged), filesRead: oldestFirst(view.lists.filesRead) } };
}
