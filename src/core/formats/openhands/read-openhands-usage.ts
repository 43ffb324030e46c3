import type { ConversationOf, RecordedRequest } from '../format-types';
import { isRecord } from '../is-record';

type Rec = Record<string, unknown>;

/**
 * OpenHands' recorded usage: each action embeds the whole LiteLLM `model_response` that asked for it, `usage`
 * included, and its observation repeats it; one request per distinct `model_response.id`, located at the assistant
 * message made from it (the first that lists it, so a message listed again after a condensation is not counted twice).
 *
 * LiteLLM's `prompt_tokens` is the whole input. Through Anthropic it holds `cache_creation_input_tokens` and
 * `cache_read_input_tokens` (the real file: 3,486 = 4 + 3,482 written + 0 read); through OpenAI it holds
 * `prompt_tokens_details.cached_tokens`. Uncached input is what is left.
 */
export function readOpenHandsUsage(conversation: ConversationOf): RecordedRequest[] {
  const { messages, sources } = conversation;
  const starts = new Set((conversation.boundaries ?? []).map((b) => b.messageIndex));
  const seen = new Set<string>();
  const requests: RecordedRequest[] = [];
  let contextStart = 0;
  for (let i = 0; i < messages.length; i++) {
    if (starts.has(i)) contextStart = i;
    if (messages[i]?.role !== 'assistant') continue;
    for (const event of sources[i] ?? []) {
      const response = isRecord(event) && typeof event.action === 'string' && isRecord(event.tool_call_metadata) ? event.tool_call_metadata.model_response : undefined;
      if (!isRecord(response) || typeof response.id !== 'string' || seen.has(response.id) || !isRecord(response.usage)) continue;
      seen.add(response.id);
      const request = requestOf(response.usage, i, contextStart);
      if (request === undefined) continue;
      if (typeof response.model === 'string') request.model = response.model;
      requests.push(request);
    }
  }
  return requests;
}

function requestOf(usage: Rec, messageIndex: number, contextStart: number): RecordedRequest | undefined {
  const prompt = count(usage.prompt_tokens);
  if (prompt === 0) return undefined;
  const details = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const anthropic = 'cache_read_input_tokens' in usage || 'cache_creation_input_tokens' in usage;
  const read = Math.min(prompt, anthropic ? count(usage.cache_read_input_tokens) : count(details.cached_tokens));
  const written = anthropic ? Math.min(prompt - read, count(usage.cache_creation_input_tokens)) : 0;
  const request: RecordedRequest = {
    messageIndex,
    contextStart,
    inputTokens: prompt - read - written,
    cacheCreationInputTokens: written,
    cacheReadInputTokens: read,
    outputTokens: count(usage.completion_tokens),
  };
  const reasoning = isRecord(usage.completion_tokens_details) ? count(usage.completion_tokens_details.reasoning_tokens) : 0;
  if (reasoning > 0) request.reasoningOutputTokens = reasoning;
  return request;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
