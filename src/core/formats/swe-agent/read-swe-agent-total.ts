import type { ConversationOf, RecordedTotal } from '../format-types';
import { isRecord } from '../is-record';

/**
 * What the run cost, as SWE-agent recorded it in `info.model_stats`: `api_calls`, `tokens_sent` (the prompt tokens of
 * every call, requeries after format errors included, which `history` does not hold), `tokens_received` and
 * `instance_cost` in US dollars. Version 0's `total_cost` is the whole batch's so far, not this file's, and is not read.
 * A replayed demonstration records its calls and nothing else (all zero): only the count is given then. For a
 * RetryAgent file's chosen attempt, the attempt's own figures (the file's are the sum over its attempts).
 * The model comes from `replay_config` (`agent.model.name`), when the file has one.
 */
export function readSweAgentTotal(conversation: ConversationOf): RecordedTotal | undefined {
  const envelope = conversation.envelope ?? {};
  let holder: Record<string, unknown> = envelope;
  let where = 'info.model_stats';
  const info = isRecord(envelope.info) ? envelope.info : undefined;
  const best = info?.best_attempt_idx;
  if (Array.isArray(envelope.attempts) && typeof best === 'number' && isRecord(envelope.attempts[best])) {
    holder = envelope.attempts[best] as Record<string, unknown>;
    where = `attempts[${best}].info.model_stats`;
  }
  const stats = isRecord(holder.info) && isRecord(holder.info.model_stats) ? holder.info.model_stats : undefined;
  if (stats === undefined) return undefined;
  const figure = (key: string): number | undefined => {
    const value = stats[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const total: RecordedTotal = { where };
  const calls = figure('api_calls');
  if (calls !== undefined) total.requests = calls;
  const sent = figure('tokens_sent');
  const received = figure('tokens_received');
  const cost = figure('instance_cost');
  // A ReplayModel run counts its calls and bills nothing: zeros there are "not recorded", not "free".
  if (sent !== 0 || received !== 0 || cost !== 0) {
    if (sent !== undefined) total.inputTokens = sent;
    if (received !== undefined) total.outputTokens = received;
    if (cost !== undefined) total.costUsd = cost;
  }
  const model = modelOf(holder.replay_config ?? envelope.replay_config);
  if (model !== undefined) total.model = model;
  return total.requests === undefined && total.inputTokens === undefined && total.costUsd === undefined ? undefined : total;
}

/** `agent.model.name` of a replay config, which version 1 writes as JSON text and older demonstrations as an object. */
function modelOf(config: unknown): string | undefined {
  let value = config;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!isRecord(value) || !isRecord(value.agent) || !isRecord(value.agent.model)) return undefined;
  const name = value.agent.model.name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}
