import type { Detection, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { DETECTION_SAMPLE } from '../message-list';
import { mismatch } from '../mismatch';

const ROLES = new Set(['system', 'user', 'assistant', 'tool', 'exit']);

/**
 * A mini-SWE-agent trajectory (`.traj.json`): `{ info, messages, trajectory_format }`. Sure with its
 * `trajectory_format`; nearly so with `info.model_stats` or `info.mini_version`, or an `exit` message, none of which
 * a Chat request body (`{ messages }`, which OpenAI Chat and Anthropic read) has. Messages are Chat messages, or
 * with the Responses model, Response objects and Responses items.
 */
export function detectMiniSweAgent(source: TranscriptSource): Detection {
  if (source.kind === 'lines') return mismatch('it is JSON Lines, and a mini-SWE-agent trajectory is one JSON object');
  const { value } = source;
  if (!isRecord(value) || !Array.isArray(value.messages)) return mismatch('it is not an object with a `messages` list');
  const format = typeof value.trajectory_format === 'string' && value.trajectory_format.startsWith('mini-swe-agent');
  const info = isRecord(value.info) && (isRecord(value.info.model_stats) || typeof value.info.mini_version === 'string');
  let exit = false;
  const { messages } = value;
  const recognised = format || info ? 'a mini-SWE-agent trajectory (.traj.json)' : undefined;
  for (let i = 0; i < messages.length && i < DETECTION_SAMPLE; i++) {
    const m = messages[i];
    if (!isRecord(m)) return mismatch(`messages[${i}] is not an object`, i + 1, recognised);
    if (m.object === 'response' || m.type === 'function_call_output' || (m.type === 'message' && typeof m.role === 'string')) continue;
    if (typeof m.role !== 'string' || !ROLES.has(m.role)) return mismatch(`messages[${i}] has role ${JSON.stringify(m.role)}`, i + 1, recognised);
    if (m.role === 'exit') exit = true;
  }
  if (messages.length === 0) return mismatch('its `messages` is empty');
  if (format) return { reads: true, confidence: 0.99, reason: `its \`trajectory_format\` is ${JSON.stringify(value.trajectory_format)}` };
  if (info || exit) return { reads: true, confidence: 0.85, reason: 'messages with `info.model_stats` or an `exit` message, as mini-SWE-agent writes them' };
  return mismatch('it has `messages` but no `trajectory_format`, `info.model_stats` or `exit` message of mini-SWE-agent');
}
