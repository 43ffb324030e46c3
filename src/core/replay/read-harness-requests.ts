import type { Conversation } from '../formats/types';
import type { RecordedRequest } from '../usage/types';
import { readTranscriptSource } from '../formats/read-transcript-source';
import { harnessForFormat } from '../formats/harness-for-format';
import type { HarnessRequest } from './types';

export interface ReadHarnessRequestsOptions {
  /** The file's text: subagents' usage is on lines the parser skips. Without it, none are read. */
  text?: string;
  /** The main thread's recorded requests (`readRecordedUsage`). */
  recorded: readonly RecordedRequest[];
  /** Per message: its count (`countMessageTokens`), to size what the file does not hold. */
  tokens: ArrayLike<number>;
  /** The fixed part every request sends. */
  fixedTokens: number;
  /** Where the agent's own compactions restarted the context. */
  contextStarts: readonly number[];
  /** The TTL class of the main thread's writes. */
  writeTtl?: '5m' | '1h';
}

/**
 * The requests an agent harness (its format's `harness`) made beside its main thread; Claude Code's, for instance:
 *
 * - **Subagents** (`Task`), read by the harness's `readSubagentRequests` (Claude Code: the `agent_progress` lines of
 *   the main file): their own model, their own cache (Claude Code gives subagents the 5-minute TTL even on a
 *   subscription; the figures say which).
 * - **Compaction**, for a harness whose compaction is a request of its own (`compactPromptTokens`): the summary
 *   request, which no file holds. It sends what the last request did plus the compact prompt, reading the cache that
 *   request left (Claude Code builds it to) and writing the rest: the last response and its results, and the prompt.
 *   Its output is the summary, sized by the summary message's count.
 *
 * Formats no harness writes: none. Tools' own model calls (WebSearch, WebFetch) and title requests are in no file.
 */
export function readHarnessRequests(conversation: Conversation, options: ReadHarnessRequestsOptions): HarnessRequest[] {
  const harness = harnessForFormat(conversation.format);
  if (harness === undefined) return [];
  const out: HarnessRequest[] = [];
  if (typeof options.text === 'string' && harness.readSubagentRequests !== undefined) {
    for (const request of harness.readSubagentRequests(conversation, readTranscriptSource(options.text))) {
      out.push({
        kind: 'subagent',
        messageIndex: request.messageIndex,
        ...(request.model !== undefined ? { model: request.model } : {}),
        agentId: request.agentId,
        inputTokens: request.inputTokens,
        cacheReadTokens: request.cacheReadInputTokens,
        cacheWriteTokens: request.cacheCreationInputTokens,
        cacheWrite1hTokens: request.cacheWrite1hInputTokens ?? 0,
        outputTokens: request.outputTokens,
        estimated: false,
      });
    }
  }
  const promptTokens = harness.compactPromptTokens;
  if (promptTokens === undefined) return out.sort((a, b) => a.messageIndex - b.messageIndex);
  const { tokens, recorded } = options;
  const sum = (from: number, to: number): number => {
    let total = 0;
    for (let i = Math.max(0, from); i < to; i++) total += tokens[i] ?? 0;
    return total;
  };
  let previousStart = 0;
  for (const start of options.contextStarts) {
    if (start <= 0 || start >= conversation.messages.length) continue;
    let last: RecordedRequest | undefined;
    for (const request of recorded) if (request.messageIndex < start && (last === undefined || request.messageIndex > last.messageIndex)) last = request;
    // The last request's cached prefix; its few uncached tokens at the end are written with what follows.
    const read = last === undefined ? 0 : last.cacheReadInputTokens + last.cacheCreationInputTokens;
    const write = promptTokens + (last === undefined ? options.fixedTokens + sum(previousStart, start) : last.inputTokens + sum(last.messageIndex, start));
    out.push({
      kind: 'compaction',
      messageIndex: start,
      ...(last?.model !== undefined ? { model: last.model } : {}),
      inputTokens: 0,
      cacheReadTokens: read,
      cacheWriteTokens: write,
      cacheWrite1hTokens: options.writeTtl === '1h' ? write : 0,
      outputTokens: tokens[start] ?? 0,
      estimated: true,
    });
    previousStart = start;
  }
  return out.sort((a, b) => a.messageIndex - b.messageIndex);
}
