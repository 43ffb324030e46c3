import type { ConversationOf, RecordedTotal } from '../format-types';
import { isRecord } from '../is-record';

/**
 * What an OpenHands run recorded it cost in all: `llm_metrics` on agent events is cumulative for the conversation
 * (the condenser's model included), so the last event that has it holds the total: `accumulated_cost` in US dollars
 * and `accumulated_token_usage` (`prompt_tokens`, every rate together, of which `cache_read_tokens` and
 * `cache_write_tokens`; `completion_tokens`). `undefined` when no event has it, as in exports that drop it.
 */
export function readOpenHandsTotal(conversation: ConversationOf): RecordedTotal | undefined {
  let found: { metrics: Record<string, unknown>; id: unknown } | undefined;
  const seen = new Set<unknown>();
  for (const list of [conversation.systemSources ?? [], ...conversation.sources]) {
    for (const event of list) {
      if (!isRecord(event) || seen.has(event)) continue;
      seen.add(event);
      if (!isRecord(event.llm_metrics)) continue;
      // Events are written in id order; a condensation lists earlier events again after later ones.
      if (found === undefined || (typeof event.id === 'number' && typeof found.id === 'number' && event.id > found.id)) found = { metrics: event.llm_metrics, id: event.id };
    }
  }
  if (found === undefined) return undefined;
  const { metrics, id } = found;
  const total: RecordedTotal = { where: `the \`llm_metrics\` of event ${String(id)}` };
  if (typeof metrics.accumulated_cost === 'number') total.costUsd = metrics.accumulated_cost;
  const usage = isRecord(metrics.accumulated_token_usage) ? metrics.accumulated_token_usage : undefined;
  if (usage !== undefined) {
    if (typeof usage.prompt_tokens === 'number') total.inputTokens = usage.prompt_tokens;
    if (typeof usage.cache_read_tokens === 'number') total.cacheReadInputTokens = usage.cache_read_tokens;
    if (typeof usage.cache_write_tokens === 'number') total.cacheCreationInputTokens = usage.cache_write_tokens;
    if (typeof usage.completion_tokens === 'number') total.outputTokens = usage.completion_tokens;
    if (typeof usage.model === 'string' && usage.model !== '' && usage.model !== 'default') total.model = usage.model;
  }
  if (Array.isArray(metrics.token_usages) && metrics.token_usages.length > 0) total.requests = metrics.token_usages.length;
  return total;
}
