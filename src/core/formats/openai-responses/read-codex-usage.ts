import type { ConversationOf as Conversation, TranscriptSource } from '../format-types';
import type { RecordedRequest } from '../format-types';
import { isRecord } from '../is-record';

type Record_ = Record<string, unknown>;

/**
 * Codex CLI's recorded usage: `event_msg` lines of `payload.type === 'token_count'`, which the parser skips (they
 * repeat nothing of the conversation), so they are read here from the rollout parsed again (`source`). Each holds `last_token_usage`
 * (the request just made) and `total_token_usage` (the session so far); older rollouts hold only the total, and the
 * request is then the difference from the previous event. An event repeating the previous total is no new request.
 *
 * An event sits next to the items of the response it describes: before them in the rollouts of 2025 (Codex 0.40),
 * after them in some later versions. The response is the assistant message right after the event when the message
 * before it is not an assistant's, else the one before. OpenAI's `input_tokens` includes the cached part; here it is
 * split into `inputTokens` and `cacheReadInputTokens` so both providers add up the same way. The model is the one the
 * latest `turn_context` line names.
 */
export function readCodexUsage(conversation: Conversation, source: TranscriptSource | undefined): RecordedRequest[] {
  const { messages, sourceLines } = conversation;
  if (sourceLines === undefined || source?.kind !== 'lines') return [];
  const firstLines = sourceLines.map((lines) => lines[0] ?? 0);

  const requests: RecordedRequest[] = [];
  let previousTotal: Record_ | undefined;
  let next = 0;
  let model: string | undefined;
  for (const { line, value } of source.lines) {
    if (isRecord(value) && value.type === 'turn_context' && isRecord(value.payload) && typeof value.payload.model === 'string') {
      model = value.payload.model;
      continue;
    }
    const payload = isRecord(value) && value.type === 'event_msg' && isRecord(value.payload) ? value.payload : undefined;
    if (payload?.type !== 'token_count' || !isRecord(payload.info)) continue;
    const total = isRecord(payload.info.total_token_usage) ? payload.info.total_token_usage : undefined;
    if (total !== undefined && previousTotal !== undefined && sameUsage(total, previousTotal)) continue;
    const last = isRecord(payload.info.last_token_usage)
      ? payload.info.last_token_usage
      : total !== undefined
        ? difference(total, previousTotal)
        : undefined;
    if (total !== undefined) previousTotal = total;
    if (last === undefined) continue;

    while (next < firstLines.length && (firstLines[next] ?? 0) < line) next++;
    const after = messages[next];
    const before = messages[next - 1];
    const messageIndex = after?.role !== 'assistant' && before?.role === 'assistant' ? next - 1 : next;
    const input = count(last.input_tokens);
    const cached = Math.min(input, count(last.cached_input_tokens));
    const request: RecordedRequest = {
      messageIndex,
      contextStart: 0,
      inputTokens: input - cached,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: cached,
      outputTokens: count(last.output_tokens),
      reasoningOutputTokens: count(last.reasoning_output_tokens),
      line,
    };
    if (model !== undefined) request.model = model;
    requests.push(request);
  }
  return requests;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

const FIELDS = ['input_tokens', 'cached_input_tokens', 'output_tokens', 'reasoning_output_tokens'] as const;

function sameUsage(a: Record_, b: Record_): boolean {
  return FIELDS.every((field) => count(a[field]) === count(b[field]));
}

function difference(total: Record_, previous: Record_ | undefined): Record_ {
  const out: Record_ = {};
  for (const field of FIELDS) out[field] = count(total[field]) - (previous === undefined ? 0 : count(previous[field]));
  return out;
}
