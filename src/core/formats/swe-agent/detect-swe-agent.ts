import type { Detection, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { DETECTION_SAMPLE } from '../message-list';
import { mismatch } from '../mismatch';
import { historiesOf } from './histories-of';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
/** Keys SWE-agent puts on history items and no chat message has. */
const OWN_KEYS = ['agent', 'message_type', 'tool_call_ids', 'is_demo', 'thought', 'action'];
const RECOGNISED = 'a SWE-agent trajectory (.traj)';

/**
 * A SWE-agent trajectory: one JSON object whose `history` (or whose RetryAgent `attempts[].history`) is a list of
 * Chat-shaped messages. Sure with what only SWE-agent writes (`trajectory` steps, `info.model_stats`, items with
 * `agent`, `message_type`, `tool_call_ids`); a bare `{ history: [{ role, content }] }` reads with less confidence, as
 * nothing else keeps its messages under `history`.
 */
export function detectSweAgent(source: TranscriptSource): Detection {
  if (source.kind === 'lines') return mismatch('it is JSON Lines, and a SWE-agent trajectory is one JSON object');
  const { value } = source;
  const histories = historiesOf(value);
  const first = histories[0];
  if (!isRecord(value) || first === undefined) {
    const steps = isRecord(value) && Array.isArray(value.trajectory);
    return mismatch(steps ? 'it has `trajectory` steps but no `history` of the messages sent to the model' : 'it is not an object with a `history` list of messages');
  }
  let strong = Array.isArray(value.trajectory) || histories[0]?.attempt !== undefined || (isRecord(value.info) && isRecord(value.info.model_stats));
  let n = 0;
  for (const { list, where } of histories) {
    for (let i = 0; i < list.length && n < DETECTION_SAMPLE; i++, n++) {
      const item = list[i];
      const recognised = strong ? RECOGNISED : undefined;
      if (!isRecord(item)) return mismatch(`${where}[${i}] is not an object`, n + 1, recognised);
      if (typeof item.role !== 'string' || !ROLES.has(item.role)) return mismatch(`${where}[${i}] has role ${JSON.stringify(item.role)}`, n + 1, recognised);
      if (!strong && OWN_KEYS.some((key) => key in item)) strong = true;
    }
  }
  if (n === 0) return mismatch(`its \`${first.where}\` is empty`);
  return strong
    ? { reads: true, confidence: 0.95, reason: 'a SWE-agent trajectory: a `history` of messages with SWE-agent\'s own fields (`agent`, `message_type`, `tool_call_ids`, `trajectory`, `info.model_stats`)' }
    : { reads: true, confidence: 0.6, reason: 'an object whose `history` is a list of `{ role, content }` messages, as SWE-agent writes' };
}
