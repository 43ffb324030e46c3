import { isRecord } from './is-record';

/** How many records a `detect` looks at before deciding; a shape is settled long before, and 100 MB files stay fast. */
export const DETECTION_SAMPLE = 2000;

/**
 * The messages of a JSON document that holds one conversation (an array, or an object with `messages`), or with
 * `allowEntries` several (`[{ traj }]` / `[{ messages }]`, flattened up to `DETECTION_SAMPLE`); else why not.
 */
export function messageList(value: unknown, allowEntries: boolean): unknown[] | string {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'the array is empty';
    if (allowEntries && value.every((e) => isRecord(e) && !('role' in e) && (Array.isArray(e.traj) || Array.isArray(e.messages)))) {
      const flat: unknown[] = [];
      for (const entry of value as Record<string, unknown>[]) {
        const list = (Array.isArray(entry.traj) ? entry.traj : entry.messages) as unknown[];
        for (const m of list) {
          flat.push(m);
          if (flat.length >= DETECTION_SAMPLE) return flat;
        }
      }
      return flat;
    }
    return value;
  }
  if (isRecord(value) && Array.isArray(value.messages)) return value.messages;
  return allowEntries
    ? 'it is neither an array of messages, an object with a `messages` array, nor a list of `{ traj }` / `{ messages }` conversations'
    : 'it is neither an array of messages nor an object with a `messages` array';
}
