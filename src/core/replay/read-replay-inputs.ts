import type { Conversation } from '../formats/types';
import type { TokenCounter } from '../tokens/types';
import type { RecordedRequest } from '../usage/types';
import { describeValue } from '../tokens/describe-value';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { countSystemTokens } from '../tokens/count-system-tokens';
import { keepsPriorThinking } from '../tokens/keeps-prior-thinking';
import { resendsThinking } from '../tokens/resends-thinking';
import { readRecordedUsage } from '../usage/read-recorded-usage';
import { compareWithRecordedUsage } from '../usage/compare-with-recorded-usage';

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
}

/**
 * Reads what a replay of `conversation` needs: each message's tokens counted with `counter`, the usage the file
 * recorded (Claude Code `usage`, Codex `token_count`, which needs the file's `text`), and from it the fixed part no
 * message holds (`compareWithRecordedUsage`'s first residual: tool definitions, and the system prompt when the file
 * has none), the model, and when each message was written.
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
  const tokens = countMessageTokens(messages, counter, sendsThinking ? {} : { thinking: false });
  const dropsThinking = sendsThinking && !keepsPriorThinking(model);
  const bare = dropsThinking ? countMessageTokens(messages, counter, { thinking: false }) : sendsThinking ? undefined : tokens;
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
  if (options.calibrate === true) {
    let start = -1;
    let carried = 0;
    comparison.requests.forEach((row) => {
      if (row.contextStart !== start) {
        start = row.contextStart;
        carried = 0;
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
  const starts = new Set<number>(recorded.map((request) => request.contextStart));
  for (const boundary of conversation.boundaries ?? []) starts.add(boundary.messageIndex);

  const inputs: ReplayInputs = {
    tokens: full,
    fixedTokens: systemTokens + fixed,
    recorded,
    contextStarts: [...starts].filter((start) => start > 0 && start <= n).sort((a, b) => a - b),
  };
  if (early !== undefined) inputs.priorTurnTokens = early;
  if (options.calibrate === true) inputs.injectedTokens = injected;
  const times = readTimes(conversation);
  if (times !== undefined) inputs.messageTimes = times;
  if (model !== undefined) inputs.model = model;
  return inputs;
}

function mostCommonModel(recorded: readonly RecordedRequest[]): string | undefined {
  const counts = new Map<string, number>();
  for (const request of recorded) if (request.model !== undefined) counts.set(request.model, (counts.get(request.model) ?? 0) + 1);
  let best: string | undefined;
  for (const [model, count] of counts) if (best === undefined || count > (counts.get(best) as number)) best = model;
  return best;
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
