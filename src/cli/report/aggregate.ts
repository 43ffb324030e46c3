import { mergeParts } from './merge-parts';
import type { ConversationOutcome, FileOutcome, ReportJson, ReportSettings, StrategyTotals } from './types';

/**
 * Each strategy's totals over the conversations, after a `none` row for the conversations as they were. Sums only:
 * merging reports of parts of a corpus gives the totals of the whole.
 */
export function totalsOf(settings: ReportSettings, conversations: readonly ConversationOutcome[]): StrategyTotals[] {
  const read = conversations.filter((c) => c.error === undefined);
  const priced = read.length > 0 && read.every((c) => c.costUsd !== undefined);
  const tokensIn = read.reduce((a, c) => a + c.tokens, 0);
  const tasks = read.filter((c) => c.hasTask).length;
  const none: StrategyTotals = {
    strategy: 'none',
    conversations: read.length,
    tokensIn,
    tokensOut: tokensIn,
    valid: read.filter((c) => c.inputValid).length,
    addedProblems: 0,
    taskKept: tasks,
    tasks,
    over: 0,
    errors: conversations.length - read.length,
    ...(priced ? { costUsd: read.reduce((a, c) => a + (c.costUsd ?? 0), 0) } : {}),
  };
  const rows = settings.strategies.map(({ id }): StrategyTotals => {
    const row: StrategyTotals = { strategy: id, conversations: 0, tokensIn: 0, tokensOut: 0, valid: 0, addedProblems: 0, taskKept: 0, tasks: 0, over: 0, errors: 0 };
    let cost = 0;
    let costed = 0;
    for (const c of read) {
      const s = c.strategies.find((x) => x.strategy === id);
      if (s === undefined || s.error !== undefined) {
        row.errors++;
        continue;
      }
      row.conversations++;
      row.tokensIn += c.tokens;
      row.tokensOut += s.tokensOut;
      if (s.valid) row.valid++;
      row.addedProblems += s.addedProblems;
      if (s.taskKept !== null) {
        row.tasks++;
        if (s.taskKept) row.taskKept++;
      }
      if (s.over) row.over++;
      if (s.costUsd !== undefined) {
        cost += s.costUsd;
        costed++;
      }
    }
    if (priced && costed === row.conversations) row.costUsd = cost;
    return row;
  });
  return [none, ...rows];
}

export function reportJson(settings: ReportSettings, files: FileOutcome[], conversations: ConversationOutcome[]): ReportJson {
  return { prunescope: 'report', version: 1, settings, files, conversations, totals: totalsOf(settings, conversations) };
}

/**
 * One report from the `--json` reports of parts of a corpus (one per machine, say). They must have been run with the
 * same settings, or their totals would not add up to anything; the error says which part differs.
 */
export function mergeReports(parts: readonly { label: string; value: unknown }[]): ReportJson {
  const { settings, files, conversations } = mergeParts<ReportSettings, ConversationOutcome>('report', 'report', parts);
  return reportJson(settings, files, conversations);
}
