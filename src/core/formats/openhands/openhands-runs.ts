import type { TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';

/** One event stream of an input, where it sits, and what surrounds it. */
export interface OpenHandsRun {
  events: unknown[];
  /** How errors name an event: `events[3]`, `history[3]`, `line 2 history[3]`. */
  path: (index: number) => string;
  /** For `{ history, … }` (an evaluation output): the other fields, `history` kept in its place as undefined. */
  envelope?: Record<string, unknown>;
  /** The evaluation's `instance_id`, when it has one. */
  instance?: string;
  line?: number;
}

/**
 * The event streams of an input: a JSON array of events (the UI's "export trajectory", `save_trajectory_path`), an
 * object with `history: [events]` (an evaluation's output), or JSONL of such objects (an evaluation's
 * `output.jsonl`, one run a line).
 */
export function openHandsRuns(source: TranscriptSource): OpenHandsRun[] {
  if (source.kind === 'document') {
    const { value } = source;
    if (Array.isArray(value)) return [{ events: value, path: (k) => `events[${k}]` }];
    return isRecord(value) && Array.isArray(value.history) ? [entry(value, undefined)] : [];
  }
  return source.lines.flatMap(({ line, value }) => (isRecord(value) && Array.isArray(value.history) ? [entry(value, line)] : []));
}

function entry(value: Record<string, unknown>, line: number | undefined): OpenHandsRun {
  const envelope: Record<string, unknown> = {};
  for (const key of Object.keys(value)) envelope[key] = key === 'history' ? undefined : value[key];
  const run: OpenHandsRun = {
    events: value.history as unknown[],
    path: (k) => `${line === undefined ? '' : `line ${line} `}history[${k}]`,
    envelope,
  };
  const instance = value.instance_id;
  if (typeof instance === 'string' || typeof instance === 'number') run.instance = String(instance);
  if (line !== undefined) run.line = line;
  return run;
}
