import { getFormat } from '../core';
import { recordedOf, type RecordedHolder } from './recorded-of';

/**
 * Which recorded-usage lines the facts will show once exact counts arrive, known at load so the page can hold their
 * place instead of growing (and moving the timeline) when the counts come in. Read once (`recordedOf`, which the
 * counts then reuse), except where a format keeps its usage on lines the parser skips (Codex rollouts): that one is
 * taken at its word, since reading them means parsing the file again before the first paint. The comparison can
 * still find the records do not line up: then the held line goes away.
 */
export function expectedUsage(d: RecordedHolder & { scope: 'whole' | 'last-sent' }): { requests: boolean; total: boolean } {
  const usage = getFormat(d.conversation.format).recordedUsage;
  if (usage === undefined) return { requests: false, total: false };
  if (usage.fromText && d.recorded === undefined) return { requests: d.sourceText !== undefined, total: false };
  const { requests, total } = recordedOf(d);
  // The total is shown only against the whole run (see `countExactly`).
  return { requests: requests.length > 0, total: total !== undefined && d.scope === 'whole' };
}
