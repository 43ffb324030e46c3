import type { ConversationOf, RecordedRequest } from '../format-types';
import { isRecord } from '../is-record';
import { messageView } from './message-view';

type Rec = Record<string, unknown>;

/**
 * The requests a LangChain file recorded: one per AI message with usage, the model call it came from. `usage_metadata`
 * (LangChain's own, `input_tokens` counting cache reads and writes, given in `input_token_details`) first; else the
 * provider's raw usage in `response_metadata`: Anthropic `usage` (input without the cache), OpenAI `token_usage` or
 * JS `tokenUsage` (prompt with the cached part). The model is `response_metadata.model_name`, else `.model`.
 */
export function readLangChainUsage(conversation: ConversationOf): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  conversation.sources.forEach((records, messageIndex) => {
    for (const record of records) {
      const view = messageView(record);
      if (view?.type !== 'ai') continue;
      const request = requestOf(view.fields, messageIndex);
      if (request === undefined) continue;
      const meta = isRecord(view.fields.response_metadata) ? view.fields.response_metadata : {};
      const model = typeof meta.model_name === 'string' && meta.model_name !== '' ? meta.model_name : meta.model;
      if (typeof model === 'string' && model !== '') request.model = model;
      requests.push(request);
    }
  });
  return requests;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);
const sub = (holder: Rec, key: string): Rec => (isRecord(holder[key]) ? (holder[key] as Rec) : {});

function requestOf(fields: Rec, messageIndex: number): RecordedRequest | undefined {
  const base = { messageIndex, contextStart: 0 };
  const usage = fields.usage_metadata;
  if (isRecord(usage) && typeof usage.input_tokens === 'number') {
    const details = sub(usage, 'input_token_details');
    const read = count(details.cache_read);
    const written = count(details.cache_creation);
    return { ...base, inputTokens: Math.max(0, count(usage.input_tokens) - read - written), cacheCreationInputTokens: written, cacheReadInputTokens: read, outputTokens: count(usage.output_tokens) };
  }
  const meta = sub(fields, 'response_metadata');
  const anthropic = sub(meta, 'usage');
  if (typeof anthropic.input_tokens === 'number') {
    return {
      ...base,
      inputTokens: count(anthropic.input_tokens),
      cacheCreationInputTokens: count(anthropic.cache_creation_input_tokens),
      cacheReadInputTokens: count(anthropic.cache_read_input_tokens),
      outputTokens: count(anthropic.output_tokens),
    };
  }
  const openai = isRecord(meta.token_usage) ? meta.token_usage : sub(meta, 'tokenUsage');
  const prompt = openai.prompt_tokens ?? openai.promptTokens;
  if (typeof prompt !== 'number') return undefined;
  const read = count(sub(openai, 'prompt_tokens_details').cached_tokens);
  return { ...base, inputTokens: Math.max(0, count(prompt) - read), cacheCreationInputTokens: 0, cacheReadInputTokens: read, outputTokens: count(openai.completion_tokens ?? openai.completionTokens) };
}
