/**
 * What a transcript file says its requests cost, beside what prunescope counts for the same messages.
 *
 * Claude Code writes the API's `usage` on every assistant line; Codex writes `token_count` events. Both describe the
 * request whose response a message is, so a request is located by that message: it held the messages from
 * `contextStart` up to `messageIndex` − 1, plus a system prompt and tool definitions no transcript records.
 */
export type { RecordedRequest, RecordedTotal } from '../formats/format-types';
import type { RecordedTotal } from '../formats/format-types';

/** One recorded request beside prunescope's count of the same input. */
export interface RequestComparison {
  messageIndex: number;
  contextStart: number;
  /** What the request's input was billed: uncached + cache writes + cache reads. */
  recorded: number;
  /**
   * Our count of the messages it held, plus the system prompt when the file has one; earlier turns' thinking left out
   * when the model drops it and counts without thinking were given.
   */
  counted: number;
  /** Reasoning the request carried that no message shows (OpenAI: the turn's earlier responses' reasoning tokens). */
  hidden: number;
  /** `recorded − counted − hidden`: what the file does not hold (system prompt, tool definitions) and our error. */
  residual: number;
  /** Change from the previous request with the same `contextStart`; absent for the first and after a compaction. */
  recordedGrowth?: number;
  countedGrowth?: number;
}

/** What a file recorded, request by request, beside prunescope's counts of the same inputs. */
export interface UsageComparison {
  requests: RequestComparison[];
  /**
   * The first request's residual: what every request carries that the file does not hold (tool definitions, and the
   * system prompt when the file has none). `undefined` when no request was recorded.
   */
  fixedTokens: number | undefined;
  /**
   * Median over consecutive requests with the same context start of counted growth ÷ recorded growth: 1 when our
   * counts of the messages added between two requests match what the API billed for them. `undefined` with no pair.
   */
  medianGrowthRatio: number | undefined;
}

/**
 * A run's recorded total (`readRecordedTotal`: SWE-agent `info.model_stats`, OpenHands `llm_metrics`, AI SDK
 * `totalUsage`) beside what prunescope counts for the requests the messages show (`compareWithRecordedTotal`).
 */
export interface TotalComparison {
  /** The run's total as the file recorded it. */
  total: RecordedTotal;
  /** The requests the messages show: one per assistant message, the reply to it. */
  countedRequests: number;
  /** Σ over those requests of what each held, counted: the messages before it from its context start, and the system prompt. */
  countedInputTokens: number;
  /** Σ over the assistant messages of their counts: what the replies wrote (hidden reasoning is not in the file). */
  countedOutputTokens: number;
  /**
   * `total.inputTokens − countedInputTokens`: what the requests held beyond the file (tool definitions, a system
   * prompt it does not record, requeries it does not keep) and the counts' error. Absent when the file gives no input.
   */
  residual?: number;
}
