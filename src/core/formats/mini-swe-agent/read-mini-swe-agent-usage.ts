import type { ConversationOf, RecordedRequest } from '../format-types';
import { isRecord } from '../is-record';

type Rec = Record<string, unknown>;

/**
 * The requests a mini-SWE-agent trajectory recorded: each assistant message's `extra.response.usage` (LiteLLM's Chat
 * usage), or the Response object's own `usage` (Responses model). A `FormatError` user message carries the request
 * whose reply was discarded, which held the messages before it: its `messageIndex` is that message.
 *
 * LiteLLM's `prompt_tokens` counts cached input too (`cache_read_input_tokens`, or OpenAI's `cached_tokens`, and
 * Anthropic's `cache_creation_input_tokens`), so the uncached part is what is left; Responses `input_tokens` likewise
 * holds `input_tokens_details.cached_tokens`.
 */
export function readMiniSweAgentUsage(conversation: ConversationOf): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  conversation.sources.forEach((records, messageIndex) => {
    for (const record of records) {
      if (!isRecord(record)) continue;
      const extra = isRecord(record.extra) ? record.extra : {};
      const response = record.object === 'response' ? record : isRecord(extra.response) ? extra.response : undefined;
      const usage = response !== undefined && isRecord(response.usage) ? response.usage : undefined;
      if (usage === undefined || response === undefined) continue;
      const request = requestOf(usage, messageIndex);
      if (request === undefined) continue;
      if (typeof response.model === 'string' && response.model !== '') request.model = response.model;
      requests.push(request);
    }
  });
  return requests;
}

function requestOf(usage: Rec, messageIndex: number): RecordedRequest | undefined {
  const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);
  const details = (key: string): Rec => (isRecord(usage[key]) ? (usage[key] as Rec) : {});
  if (typeof usage.prompt_tokens === 'number') {
    const read = count(usage.cache_read_input_tokens) || count(details('prompt_tokens_details').cached_tokens);
    const written = count(usage.cache_creation_input_tokens);
    return {
      messageIndex,
      contextStart: 0,
      inputTokens: Math.max(0, count(usage.prompt_tokens) - read - written),
      cacheCreationInputTokens: written,
      cacheReadInputTokens: read,
      outputTokens: count(usage.completion_tokens),
    };
  }
  if (typeof usage.input_tokens === 'number') {
    const read = count(details('input_tokens_details').cached_tokens);
    const reasoning = count(details('output_tokens_details').reasoning_tokens);
    return {
      messageIndex,
      contextStart: 0,
      inputTokens: Math.max(0, count(usage.input_tokens) - read),
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: read,
      outputTokens: count(usage.output_tokens),
      ...(reasoning > 0 ? { reasoningOutputTokens: reasoning } : {}),
    };
  }
  return undefined;
}
