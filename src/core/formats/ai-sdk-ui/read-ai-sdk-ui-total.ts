import type { ConversationOf, RecordedTotal } from '../format-types';
import { isRecord } from '../is-record';

/**
 * The usage an app recorded in its assistant `UIMessage`s' `metadata`: `totalUsage` (or `usage`), the AI SDK's
 * `LanguageModelUsage` summed over the message's steps, as `messageMetadata` on the `finish` part writes it (the AI SDK
 * docs' example, and `ai-sdk-token-usage`). Each step is one request, so the requests are the messages' steps. The
 * messages' totals are added up: the run's total, held against the counted input of every request. `inputTokens` is
 * the SDK's total input (uncached, cache reads and writes); v6+ details give the cache parts, v5's
 * `cachedInputTokens` the reads. `undefined` when no message records usage of that shape.
 */
export function readAiSdkUiTotal(conversation: ConversationOf): RecordedTotal | undefined {
  const seen = new Set<unknown>();
  const ids: string[] = [];
  const sum = { inputTokens: 0, outputTokens: 0, cacheRead: 0, cacheWrite: 0, requests: 0 };
  let sawCacheRead = false;
  let sawCacheWrite = false;
  const models = new Set<string>();
  for (const record of conversation.sources.flat()) {
    if (seen.has(record) || !isRecord(record) || record.role !== 'assistant') continue;
    seen.add(record);
    const metadata = isRecord(record.metadata) ? record.metadata : undefined;
    const usage = isRecord(metadata?.totalUsage) ? metadata.totalUsage : isRecord(metadata?.usage) ? metadata.usage : undefined;
    if (usage === undefined || !isCount(usage.inputTokens) || !isCount(usage.outputTokens)) continue;
    ids.push(typeof record.id === 'string' ? record.id : '?');
    sum.inputTokens += usage.inputTokens;
    sum.outputTokens += usage.outputTokens;
    const details = isRecord(usage.inputTokenDetails) ? usage.inputTokenDetails : {};
    const read = isCount(details.cacheReadTokens) ? details.cacheReadTokens : isCount(usage.cachedInputTokens) ? usage.cachedInputTokens : undefined;
    if (read !== undefined) {
      sum.cacheRead += read;
      sawCacheRead = true;
    }
    if (isCount(details.cacheWriteTokens)) {
      sum.cacheWrite += details.cacheWriteTokens;
      sawCacheWrite = true;
    }
    const parts = Array.isArray(record.parts) ? record.parts : [];
    sum.requests += Math.max(1, parts.filter((p) => isRecord(p) && p.type === 'step-start').length);
    if (typeof metadata?.model === 'string') models.add(metadata.model);
  }
  if (ids.length === 0) return undefined;
  const total: RecordedTotal = {
    requests: sum.requests,
    inputTokens: sum.inputTokens,
    outputTokens: sum.outputTokens,
    where: `metadata.totalUsage of ${ids.length === 1 ? 'assistant message' : `${ids.length} assistant messages`} ${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}`,
  };
  if (sawCacheRead) total.cacheReadInputTokens = sum.cacheRead;
  if (sawCacheWrite) total.cacheCreationInputTokens = sum.cacheWrite;
  if (models.size === 1) total.model = [...models][0] as string;
  return total;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
