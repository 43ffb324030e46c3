import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import type { Compaction } from './plan-compaction';
import { createExtractiveSummarizer } from '../summary/create-extractive-summarizer';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';

/**
 * The one user message a peer's compaction puts in place of what it summarizes: the extractive summary of
 * `summarized` (within the peer's size bound) wrapped in the peer's fixed texts. Shared by `planCompaction` and the
 * replays that build the same message without planning.
 */
export function compactionSummaryMessage(summarized: readonly Message[], compaction: Pick<Compaction, 'prefix' | 'suffix' | 'summaryTokens' | 'focus'>, counter: TokenCounter): Message {
  const summarizer = createExtractiveSummarizer({ counter, maxTokens: Math.max(16, Math.round(compaction.summaryTokens)) });
  const summary = summarizer.summarizeSync(summarized, compaction.focus ?? '');
  const content = `${compaction.prefix === '' ? '' : `${compaction.prefix}\n`}${CONTEXT_SUMMARY_MARKER}
${summary}${compaction.suffix === undefined || compaction.suffix === '' ? '' : `\n${compaction.suffix}`}`;
  return { role: 'user', content };
}
