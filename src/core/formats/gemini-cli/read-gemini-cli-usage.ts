import type { ConversationOf, RecordedRequest } from '../format-types';
import { isRecord } from '../is-record';
import { ownGeminiRecord } from './own-gemini-record';

/**
 * Gemini CLI's recorded usage: each `gemini` record's `tokens` is the `usageMetadata` of one request (gemini-cli's
 * `recordMessageTokens`), located at the assistant message made from the record.
 *
 * - `input` (`promptTokenCount`) is the whole prompt, `cached` (`cachedContentTokenCount`) is part of it, and `tool`
 *   (`toolUsePromptTokenCount`) comes on top: uncached input is `input − cached + tool`.
 * - `thoughts` are billed as output beside `output`. They are not `reasoningOutputTokens`: gemini-cli drops thought
 *   parts from the history it resends, so no later request carries them (unlike OpenAI's reasoning).
 * - Gemini bills no cache writes; implicit caching is automatic.
 *
 * After a checkpoint (`$set.messages`) the requests hold its list, so `contextStart` moves to the boundary.
 */
export function readGeminiCliUsage(conversation: ConversationOf): RecordedRequest[] {
  const { messages, sources, sourceLines } = conversation;
  const starts = new Set((conversation.boundaries ?? []).map((b) => b.messageIndex));
  const requests: RecordedRequest[] = [];
  let contextStart = 0;
  for (let i = 0; i < messages.length; i++) {
    if (starts.has(i)) contextStart = i;
    if (messages[i]?.role !== 'assistant') continue;
    const records = sources[i] ?? [];
    const k = ownGeminiRecord(records, 'gemini');
    const record = records[k] as Record<string, unknown> | undefined;
    const tokens = record?.tokens;
    if (!isRecord(tokens)) continue;
    const input = count(tokens.input);
    const cached = Math.min(count(tokens.cached), input);
    const tool = count(tokens.tool);
    if (input + tool === 0) continue;
    const request: RecordedRequest = {
      messageIndex: i,
      contextStart,
      inputTokens: input - cached + tool,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: cached,
      outputTokens: count(tokens.output) + count(tokens.thoughts),
    };
    if (typeof record?.model === 'string') request.model = record.model;
    const line = sourceLines?.[i]?.[k];
    if (line !== undefined) request.line = line;
    requests.push(request);
  }
  return requests;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
