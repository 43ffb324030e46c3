import type { Detection, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { DETECTION_SAMPLE } from '../message-list';
import { mismatch } from '../mismatch';
import { openHandsRuns } from './openhands-runs';

/**
 * An OpenHands event stream: events with a `source` (user, agent, environment), a numeric `id`, and exactly one of
 * `action` / `observation`; as an array, as an evaluation's `{ history }`, or as JSONL of those. Actions and
 * observations linked by `tool_call_metadata` or `cause` are certain; a stream of messages only is nearly so. No
 * message-array format reads these files (events have no `role`). A stream whose events mostly fit is read, and the
 * parser warns of the others. OpenHands V1 events (`kind: "ActionEvent"`,
 * string ids) are not these and are named as a near miss.
 */
export function detectOpenHands(source: TranscriptSource): Detection {
  const runs = openHandsRuns(source);
  if (runs.length === 0) {
    return mismatch(source.kind === 'lines' ? 'no line is an object with a `history` list of events' : 'it is neither an array of events nor an object with a `history` list');
  }
  let linked = false;
  let seen = 0;
  let fit = 0;
  let misfit: Detection | undefined;
  const miss = (reason: string, n: number): void => {
    misfit ??= mismatch(reason, n);
  };
  for (const run of runs) {
    if (run.events.length === 0) return mismatch(`${run.path(0).replace(/\[0\]$/, '')} is empty`);
    for (let k = 0; k < run.events.length && seen < DETECTION_SAMPLE; k++, seen++) {
      const event = run.events[k];
      const n = seen + 1;
      if (!isRecord(event)) {
        miss(`${run.path(k)} is not an object`, n);
        continue;
      }
      const isAction = typeof event.action === 'string';
      const isObservation = typeof event.observation === 'string';
      if (typeof event.source !== 'string') miss(`${run.path(k)} has no \`source\` (user, agent or environment)`, n);
      else if (isAction === isObservation) miss(`${run.path(k)} has ${isAction ? 'both' : 'neither'} \`action\` and \`observation\``, n);
      else if (typeof event.id !== 'number') miss(`${run.path(k)} has no numeric \`id\``, n);
      else {
        fit++;
        if (isRecord(event.tool_call_metadata) || typeof event.cause === 'number') linked = true;
      }
    }
  }
  // Events that fit outnumber those that do not: the parser reads them and says which it could not.
  if (misfit !== undefined && fit <= seen - fit) return misfit;
  return linked
    ? { reads: true, confidence: 0.97, reason: 'an OpenHands event stream: actions and observations linked by tool calls' }
    : { reads: true, confidence: 0.85, reason: 'an OpenHands event stream: events with a source and an action or observation' };
}
