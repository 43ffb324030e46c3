import type { ConversationOf as Conversation } from '../format-types';
import type { RecordedRequest } from '../format-types';

type Line = Record<string, unknown>;

/** Output figures this small are mostly the first streamed block's count, not the response's. */
const PARTIAL_OUTPUT = 5;

/**
 * Claude Code's recorded usage: every assistant line holds the API's `usage`, repeated on each line of one message
 * (same `message.id`), so an assistant message is one request. Input figures are read from its first line; output
 * from the largest on any line, since lines are written while the response streams and early ones hold a partial
 * count, and a message whose lines all hold 5 tokens or fewer is marked `outputPartial`. The 1-hour part of the cache
 * writes (`cache_creation.ephemeral_1h_input_tokens`, Claude Code on a subscription) is kept, since it bills at 2 ×
 * input, not 1.25 ×. Synthetic messages (`model: "<synthetic>"`, written by Claude Code itself on errors) are no request.
 *
 * After a compaction the requests hold the summary and what follows, not the history: `contextStart` moves to the
 * message marked `compactSummary`. That message can also hold the last tool results written before the compaction
 * (the parser joins the user lines between two assistant messages), a few tokens the request did not hold.
 */
export function readClaudeCodeUsage(conversation: Conversation): RecordedRequest[] {
  const { messages, sources, annotations, sourceLines } = conversation;
  const requests: RecordedRequest[] = [];
  let contextStart = 0;
  for (let i = 0; i < messages.length; i++) {
    if (annotations?.[i]?.compactSummary === true) contextStart = i;
    if (messages[i]?.role !== 'assistant') continue;
    const records = sources[i] ?? [];
    let request: RecordedRequest | undefined;
    for (let k = 0; k < records.length; k++) {
      const message = (records[k] as Line | undefined)?.message as Line | undefined;
      if (message === undefined || message === null || typeof message !== 'object') continue;
      if (message.model === '<synthetic>') continue;
      const usage = message.usage as Line | undefined;
      if (usage === undefined || usage === null || typeof usage !== 'object') continue;
      const output = tokens(usage.output_tokens);
      if (request === undefined) {
        request = {
          messageIndex: i,
          contextStart,
          inputTokens: tokens(usage.input_tokens),
          cacheCreationInputTokens: tokens(usage.cache_creation_input_tokens),
          cacheReadInputTokens: tokens(usage.cache_read_input_tokens),
          outputTokens: output,
        };
        const split = usage.cache_creation as Line | undefined;
        const hour = split !== null && typeof split === 'object' ? tokens(split.ephemeral_1h_input_tokens) : 0;
        if (hour > 0) request.cacheWrite1hInputTokens = Math.min(hour, request.cacheCreationInputTokens);
        if (typeof message.model === 'string') request.model = message.model;
        const line = sourceLines?.[i]?.[k];
        if (line !== undefined) request.line = line;
      } else if (output > request.outputTokens) {
        request.outputTokens = output;
      }
    }
    // A request with no input recorded tells nothing (an aborted stream, an error written as a message).
    if (request !== undefined && request.inputTokens + request.cacheCreationInputTokens + request.cacheReadInputTokens > 0) {
      if (request.outputTokens <= PARTIAL_OUTPUT) request.outputPartial = true;
      requests.push(request);
    }
  }
  return requests;
}

function tokens(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
