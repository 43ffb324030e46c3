import type { Message, MessageLike } from '../types';
import type { ReplayContext } from './replay-context';
import type { SummaryWrapping } from '../compaction/compaction-summary-message';
import { wrapPeerSummary } from '../compaction/wrap-peer-summary';
import { createSummaryFold, type SummaryFold } from '../summary/create-summary-fold';
import { renderSummary, type WrittenLines } from '../summary/render-summary';
import { EXTRACTIVE_DEFAULTS } from '../summary/summary-layout';
import { countMessageTokens } from '../tokens/count-message-tokens';

/** A summary a request sends, as its items see it: its key and its tokens. */
export interface SpanSummary {
  key: string;
  /** As an item: the message's tokens (`countMessageTokens`). */
  tokens: number;
  /** The message's text alone, as the counter counts it (what a plan's insert counts). */
  contentTokens: number;
}

/** The extractive summaries of spans of the transcript, for the stateless replays of the summarizing strategies. */
export interface SpanSummaries {
  /**
   * The summary message of messages `[from, to)` (each as `read` gives it), wrapped as `wrapping` says and within
   * its `summaryTokens` (16 at least), as `compactionSummaryMessage` makes it of the same messages.
   */
  of(from: number, to: number, wrapping: SummaryWrapping): SpanSummary;
}

/**
 * Summaries of spans that mostly grow by a few messages from one request to the next: the summary's fold
 * (`createSummaryFold`) resumes where the previous span ended when the span starts where it started and ends no
 * earlier, and starts afresh otherwise; only the render is per request, and it reads no further back than the
 * summary shows. O(messages read) in all for growing spans, plus one render per distinct span.
 *
 * Keys are `synthetic.insertKey`'s (what a plan's summary gets, so a request planned afresh compares with these);
 * tokens are counted as `synthetic.tokens` counts them, but kept for the last summary only: that cache would hold
 * every summary's text as a key (50k of them, 14 kB each, at 100k messages).
 */
export function createSpanSummaries(context: ReplayContext, read: (message: Message) => MessageLike = (message) => message): SpanSummaries {
  const { messages, counter, synthetic } = context;
  let fold: SummaryFold | undefined;
  let foldFrom = -1;
  let foldTo = -1;
  let last: { span: string; summary: SpanSummary } | undefined;
  // Lines as written for earlier requests: most of a request's summary is the previous one's items.
  const written: WrittenLines = {};
  return {
    of(from, to, wrapping) {
      const maxTokens = Math.max(16, Math.round(wrapping.summaryTokens));
      const focus = wrapping.focus ?? '';
      const span = `${from}:${to}:${maxTokens}:${focus}:${wrapping.prefix}:${wrapping.suffix ?? ''}`;
      if (last?.span === span) return last.summary;
      if (fold === undefined || from !== foldFrom || to < foldTo) {
        fold = createSummaryFold(EXTRACTIVE_DEFAULTS);
        foldFrom = from;
        foldTo = from;
      }
      for (; foldTo < to; foldTo++) fold.add(read(messages[foldTo] as Message));
      const text = renderSummary(fold.view(), focus, { maxTokens, counter, maxTaskChars: EXTRACTIVE_DEFAULTS.maxTaskChars, maxRequestChars: EXTRACTIVE_DEFAULTS.maxRequestChars }, written);
      const message = wrapPeerSummary(text, wrapping);
      const key = synthetic.insertKey(message);
      const summary = last !== undefined && last.summary.key === key ? last.summary : { key, tokens: countMessageTokens([message], counter)[0] as number, contentTokens: counter.count(message.content as string) };
      last = { span, summary };
      return last.summary;
    },
  };
}
