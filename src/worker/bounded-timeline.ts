/** Entries the app adds to a thread's performance timeline before it empties it. */
export const TIMELINE_LIMIT = 20_000;

let added = 0;

/**
 * Call after adding a mark or measure: the timeline keeps every entry until it is cleared, and the app adds a few per
 * plan (a long session drags the budget thousands of times), so it is emptied every `TIMELINE_LIMIT` entries. The
 * benchmarks read far fewer, from their own start.
 */
export function boundedTimeline(): void {
  if (++added < TIMELINE_LIMIT) return;
  added = 0;
  if (typeof performance === 'undefined') return;
  performance.clearMarks?.();
  performance.clearMeasures?.();
}
