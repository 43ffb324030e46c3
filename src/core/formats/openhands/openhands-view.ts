import { isRecord } from '../is-record';
import type { OpenHandsItem } from './convert-openhands-events';

type Rec = Record<string, unknown>;

/**
 * What OpenHands sent after the condensations among `events`, as its `View.from_events` builds it: every event a
 * condensation forgot (`forgotten_event_ids`, or the range `forgotten_events_start_id`…`forgotten_events_end_id`)
 * is dropped, and so are the condensations and condensation requests themselves; the latest condensation that has a
 * summary puts it at `summary_offset` among the events kept.
 */
export function openHandsView(events: readonly Rec[]): OpenHandsItem[] {
  const forgotten = new Set<unknown>();
  let latest: Rec | undefined;
  for (const event of events) {
    if (event.action === 'condensation') {
      const args = isRecord(event.args) ? event.args : {};
      if (Array.isArray(args.forgotten_event_ids)) for (const id of args.forgotten_event_ids) forgotten.add(id);
      else if (typeof args.forgotten_events_start_id === 'number' && typeof args.forgotten_events_end_id === 'number') {
        for (let id = args.forgotten_events_start_id; id <= args.forgotten_events_end_id; id++) forgotten.add(id);
      }
      forgotten.add(event.id);
      if (typeof args.summary === 'string' && typeof args.summary_offset === 'number') latest = event;
    } else if (event.action === 'condensation_request') {
      forgotten.add(event.id);
    }
  }
  const kept: OpenHandsItem[] = events.filter((event) => !forgotten.has(event.id)).map((event) => ({ event }));
  if (latest !== undefined) {
    const args = latest.args as Rec;
    const at = Math.max(0, Math.min(kept.length, args.summary_offset as number));
    kept.splice(at, 0, { event: latest, summary: args.summary as string });
  }
  return kept;
}
