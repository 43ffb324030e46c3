import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import { createExtractiveSummarizer } from '../summary/create-extractive-summarizer';
import { wrapPeerSummary } from './wrap-peer-summary';
import { summaryTokenLimit } from './summary-token-limit';

/** What of a peer's compaction its summary message is made from (the fields of `Compaction` that name them). */
export interface SummaryWrapping {
  /** The peer's fixed text before the summary ('' for none) and after it. */
  prefix: string;
  suffix?: string;
  /** The summary's size bound, in the analysis' tokens. */
  summaryTokens: number;
  /** Passed to the summarizer as the focus. */
  focus?: string;
}

/**
 * The one user message a peer's compaction puts in place of what it summarizes: the extractive summary of
 * `summarized` (within the peer's size bound) wrapped in the peer's fixed texts. Shared by `planCompaction` and the
 * replays that build the same message without planning.
 */
export function compactionSummaryMessage(summarized: readonly Message[], compaction: SummaryWrapping, counter: TokenCounter): Message {
  const summarizer = createExtractiveSummarizer({ counter, maxTokens: summaryTokenLimit(compaction.summaryTokens) });
  const summary = summarizer.summarizeSync(summarized, compaction.focus ?? '');
  return wrapPeerSummary(summary, compaction);
}
