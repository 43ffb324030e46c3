import { getFormat, readRecordedTotal, readRecordedUsage, type Conversation } from '../core';

/**
 * Which recorded-usage lines the facts will show once exact counts arrive, known at load so the page can hold their
 * place instead of growing (and moving the timeline) when the counts come in. Read from the conversation where that
 * is cheap; a format whose usage is on lines the parser skips (Codex rollouts) is taken at its word, since reading
 * them means parsing the file again before the first paint. `compareWithRecordedUsage` can still find the records
 * do not line up: then the held line goes away.
 */
export function expectedUsage(d: { conversation: Conversation; sourceText?: string; scope: 'whole' | 'last-sent' }): { requests: boolean; total: boolean } {
  const usage = getFormat(d.conversation.format).recordedUsage;
  if (usage === undefined) return { requests: false, total: false };
  try {
    const requests = usage.fromText ? d.sourceText !== undefined : readRecordedUsage(d.conversation).length > 0;
    // The total is shown only against the whole run (see `countExactly`).
    const total = usage.readTotal !== undefined && d.scope === 'whole' && readRecordedTotal(d.conversation, usage.fromText ? undefined : d.sourceText) !== undefined;
    return { requests, total };
  } catch {
    return { requests: false, total: false };
  }
}
