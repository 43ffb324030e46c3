import type { NearMiss, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';

/** Events of the OpenHands software-agent-sdk (V1): `kind: "ActionEvent"` and the like, with string ids. */
function isOpenHandsV1(input: TranscriptSource | string): boolean {
  if (typeof input === 'string' || input.kind !== 'document') return false;
  const { value } = input;
  const events: unknown[] = Array.isArray(value) ? value : isRecord(value) ? [value] : [];
  const sample = events.slice(0, 50);
  return sample.length > 0 && sample.some((e) => isRecord(e) && typeof e.kind === 'string' && /(Event|Observation|Condensation|CondensationRequest)$/.test(e.kind) && typeof e.source === 'string');
}

/** Inputs prunescope does not read whose closest supported format is the OpenHands (V0) event stream. */
export const OPENHANDS_NEAR_MISSES: readonly NearMiss[] = [
  {
    name: 'OpenHands V1 (software-agent-sdk) events',
    phrase: 'OpenHands V1 (software-agent-sdk) events',
    hint: "prunescope reads V0 event streams (the UI's trajectory export, an evaluation's `history`); the LLM completion logs of a V1 run (`{ messages, response }`) hold Chat Completions messages, which read as OpenAI Chat Completions",
    recognise: isOpenHandsV1,
  },
];
