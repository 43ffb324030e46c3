import type { Conversation } from '../formats/types';
import type { TokenCounter } from '../tokens/types';
import type { RecordedRequest, RecordedTotal } from '../usage/types';
import { describeValue } from '../tokens/describe-value';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { countSystemTokens } from '../tokens/count-system-tokens';
import { resendsThinking } from '../tokens/resends-thinking';
import { readRecordedUsage } from '../usage/read-recorded-usage';
import { readRecordedTotal } from '../usage/read-recorded-total';
import { compareWithRecordedUsage } from '../usage/compare-with-recorded-usage';
import { countsWithoutThinking } from '../usage/counts-without-thinking';
import { mostCommonModel } from '../usage/most-common-model';
import { cacheRulesFor } from './cache-rules-for';
import { readObservedCache, type ObservedCacheReading } from './read-observed-cache';
import { countReinjectedFiles } from './count-reinjected-files';
import { readHarnessRequests } from './read-harness-requests';
import { harnessForFormat } from '../formats/harness-for-format';
import type { HarnessRequest } from './types';

/** What `replayTranscript` needs of a parsed transcript beside its messages (see `readReplayInputs`). */
export interface ReplayInputs {
  /** Per message: its tokens in its own turn, hidden reasoning the file recorded included. */
  tokens: Float64Array;
  /** Per message: its tokens once a later turn has begun; absent when the model keeps earlier turns' thinking. */
  priorTurnTokens?: Float64Array;
  /** The system prompt (when the file has one) and what the first recorded request held beyond the messages. */
  fixedTokens: number;
  recorded: RecordedRequest[];
  /** Where the agent's own compactions restarted its context (the file's boundaries and recorded starts). */
  contextStarts: number[];
  /** Per message: when its first record was written (ms; NaN when unknown). Absent when no record has a time. */
  messageTimes?: Float64Array;
  /** The model that answered most of the recorded requests, as the file names it. */
  model?: string;
  /** With `calibrate`: the tokens added to messages for what the requests held beyond the file (see there). */
  injectedTokens?: number;
  /** What the file recorded the whole run cost (`readRecordedTotal`); `replayTranscript` takes it as `recordedTotal`. */
  recordedTotal?: RecordedTotal;
  /**
   * Claude Code: what it attached again after each compaction (files read last, plan, hook output), added to the
   * compact summary's message: what the first request after it held beyond the summary and the fixed part, or with
   * no request recorded there, the files (`countReinjectedFiles`). Absent when there is none.
   */
  reinjectedTokens?: number;
  /**
   * What the recorded usage says about the cache (`readObservedCache`: warm start, breakpoint, TTL, prompt breaks),
   * each finding with a sentence for people; `replayTranscript` takes it as `observedCache`. Absent without usage.
   */
  observedCache?: ObservedCacheReading;
  /**
   * Requests beside the main thread, the same in every lane (`readHarnessRequests`: Claude Code's subagents, read
   * from the file, and its compaction requests, estimated); `priceHarnessRequests` prices them. Absent when none.
   */
  harness?: HarnessRequest[];
}

/** How `readReplayInputs` counts a parsed transcript for `replayTranscript`. */
export interface ReadReplayInputsOptions {
  /** The file the conversation was parsed from; Codex rollouts keep their usage there (`readRecordedUsage`). */
  text?: string;
  /**
   * Fit the messages to the bill: when a request held more than the previous one beyond what the file shows (Claude
   * Code adds reminders and hook output to the messages it sends without writing them down), the difference is
   * added to the message just before the request, where the agent put it, so a strategy that drops that message
   * drops it too. The no-pruning replay then matches the recorded input by construction (its cache figures stay a
   * test of the cache rules). Default is false: only the fixed part is estimated, from the first request.
   */
  calibrate?: boolean;
  /**
   * Each message's tokens with `counter` (`countMessageTokens`), when the caller has counted them already: they are
   * not counted again (only messages holding thinking are, where the model is not sent it).
   */
  counts?: ArrayLike<number>;
}

/**
 * Reads what a replay of `conversation` needs: each message's tokens counted with `counter`, the usage the file
 * recorded (Claude Code `usage`, Codex `token_count`, which needs the file's `text`), and from it the fixed part no
 * message holds (`compareWithRecordedUsage`'s first residual: tool definitions, and the system prompt when the file
 * has none), the model, and when each message was written. From the usage too: what the cache did
 * (`observedCache`), what Claude Code attached after each compaction (`reinjectedTokens`), and the requests beside
 * the main thread (`harness`). Uncalibrated, nothing else is fitted: the fixed part and each compaction's attachments
 * come from the first request of each context, everything after from the counts.
 *
 * The model decides what earlier turns cost: when it drops their thinking (`keepsPriorThinking`), `priorTurnTokens`
 * counts messages without it; when it is sent none at all (`resendsThinking`: Gemini), no count holds thinking. OpenAI's reasoning is encrypted in the file but carried by the requests after it in
 * its turn; its recorded size is added to the message it came with, and left out once a later turn began.
 *
 * @throws {TypeError} when `conversation` is not a parsed conversation
 */
export function readReplayInputs(conversation: Conversation, counter: TokenCounter, options: ReadReplayInputsOptions = {}): ReplayInputs {
  if (conversation === null || typeof conversation !== 'object' || !Array.isArray(conversation.messages)) {
    throw new TypeError(`readReplayInputs: conversation is ${describeValue(conversation)}; expected a Conversation from parseTranscript.`);
  }
  const { messages } = conversation;
  const n = messages.length;
  const recorded = readRecordedUsage(conversation, options.text);
  const model = mostCommonModel(recorded);
  // Gemini's clients send no thinking back at all, not even the current turn's: every message counts without it.
  const sendsThinking = resendsThinking(model);
  if (options.counts !== undefined && options.counts?.length !== n) {
    throw new RangeError(`readReplayInputs: counts must hold one count per message (${n}), got ${describeValue(options.counts?.length ?? options.counts)}.`);
  }
  const counted = options.counts ?? countMessageTokens(messages, counter);
  const bare = countsWithoutThinking(messages, counted, counter, recorded);
  const tokens = sendsThinking || bare === undefined ? Float64Array.from(counted) : bare;
  const systemTokens = countSystemTokens(conversation.system, counter);
  const comparison = compareWithRecordedUsage(messages, tokens, recorded, { systemTokens, ...(bare ? { countsWithoutThinking: bare } : {}) });

  const full = Float64Array.from(tokens);
  const seen = new Set<number>();
  for (const request of recorded) {
    const reasoning = request.reasoningOutputTokens ?? 0;
    if (reasoning > 0 && request.messageIndex < n && !seen.has(request.messageIndex)) {
      seen.add(request.messageIndex);
      full[request.messageIndex] = (full[request.messageIndex] as number) + reasoning;
    }
  }
  const fixed = Math.max(0, comparison.fixedTokens ?? 0);
  let injected = 0;
  const early = bare === undefined ? undefined : Float64Array.from(bare);
  const starts = new Set<number>(recorded.map((request) => request.contextStart));
  for (const boundary of conversation.boundaries ?? []) starts.add(boundary.messageIndex);
  const contextStarts = [...starts].filter((start) => start > 0 && start <= n).sort((a, b) => a - b);
  const agent = harnessForFormat(conversation.format);
  // After compacting, Claude Code attaches context again (the files read last, the plan, hook output): what the first
  // request after it held beyond the summary and the fixed part, as the fixed part is read from the very first
  // request; with no request recorded there, the files it re-reads, sized by their reads in the file.
  const reinjected = new Map<number, number>();
  if (agent?.reinjectsAfterCompaction === true) {
    let from = 0;
    for (const start of contextStarts) {
      const first = comparison.requests.find((row) => row.contextStart === start);
      const attached = start >= n ? 0 : first !== undefined ? Math.max(0, first.residual - fixed) : countReinjectedFiles(messages, from, start, counter);
      if (attached > 0) {
        reinjected.set(start, attached);
        full[start] = (full[start] as number) + attached;
        if (early !== undefined) early[start] = (early[start] as number) + attached;
      }
      from = start;
    }
  }
  if (options.calibrate === true) {
    let start = -1;
    let carried = 0;
    comparison.requests.forEach((row) => {
      if (row.contextStart !== start) {
        start = row.contextStart;
        carried = reinjected.get(start) ?? 0;
      }
      const extra = row.residual - fixed - carried;
      const at = row.messageIndex - 1;
      if (extra <= 0 || at < row.contextStart || at >= n) return;
      full[at] = (full[at] as number) + extra;
      if (early !== undefined) early[at] = (early[at] as number) + extra;
      carried += extra;
      injected += extra;
    });
  }
  const inputs: ReplayInputs = {
    tokens: full,
    fixedTokens: systemTokens + fixed,
    recorded,
    contextStarts,
  };
  if (reinjected.size > 0) inputs.reinjectedTokens = [...reinjected.values()].reduce((a, b) => a + b, 0);
  if (early !== undefined) inputs.priorTurnTokens = early;
  if (options.calibrate === true) inputs.injectedTokens = injected;
  const times = readTimes(conversation);
  if (times !== undefined) inputs.messageTimes = times;
  if (model !== undefined) inputs.model = model;
  const total = readRecordedTotal(conversation, options.text);
  if (total !== undefined) inputs.recordedTotal = total;
  if (model !== undefined && recorded.length > 0) {
    const rules = cacheRulesFor(model);
    inputs.observedCache = readObservedCache(messages, recorded, { rules, ...(times ? { times } : {}), ...(agent ? { harness: agent } : {}) });
  }
  const harness = readHarnessRequests(conversation, {
    ...(options.text !== undefined ? { text: options.text } : {}),
    recorded,
    tokens,
    fixedTokens: inputs.fixedTokens,
    contextStarts,
    ...(inputs.observedCache?.writeTtl ? { writeTtl: inputs.observedCache.writeTtl } : {}),
  });
  if (harness.length > 0) inputs.harness = harness;
  return inputs;
}

function readTimes(conversation: Conversation): Float64Array | undefined {
  const times = new Float64Array(conversation.messages.length).fill(NaN);
  let any = false;
  conversation.sources.forEach((records, i) => {
    const stamp = (records?.[0] as { timestamp?: unknown } | undefined)?.timestamp;
    const time = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
    if (Number.isFinite(time)) {
      times[i] = time;
      any = true;
    }
  });
  return any ? times : undefined;
}
