import type { ConversationOf, RecordedTotal } from '../format-types';
import { isRecord } from '../is-record';

/**
 * What the run cost as mini-SWE-agent recorded it: `info.model_stats` holds the calls made (`api_calls`) and their
 * cost in US dollars (`instance_cost`, LiteLLM's prices), which also covers calls whose reply was discarded; the model
 * is `info.config.model.model_name`. Its tokens are per request (`readMiniSweAgentUsage`).
 */
export function readMiniSweAgentTotal(conversation: ConversationOf): RecordedTotal | undefined {
  const info = conversation.envelope?.info;
  if (!isRecord(info) || !isRecord(info.model_stats)) return undefined;
  const { api_calls: calls, instance_cost: cost } = info.model_stats;
  const total: RecordedTotal = { where: 'info.model_stats' };
  if (typeof calls === 'number' && Number.isFinite(calls) && calls >= 0) total.requests = calls;
  if (typeof cost === 'number' && Number.isFinite(cost) && cost >= 0) total.costUsd = cost;
  const model = isRecord(info.config) && isRecord(info.config.model) ? info.config.model.model_name : undefined;
  if (typeof model === 'string' && model !== '') total.model = model;
  return total.requests === undefined && total.costUsd === undefined ? undefined : total;
}
