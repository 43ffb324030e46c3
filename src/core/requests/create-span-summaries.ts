import type { Message, MessageLike } from '../types';
import type { ReplayContext } from './replay-context';
import type { SentItems } from './sent-types';
import type { SummaryWrapping } from '../compaction/compaction-summary-message';
import { wrapPeerSummary } from '../compaction/wrap-peer-summary';
import { summaryTokenLimit } from '../compaction/summary-token-limit';
import { createSummaryFold, type SummaryFold } from '../summary/create-summary-fold';
import { renderSummary, type RenderMemo } from '../summary/render-summary';
import { EXTRACTIVE_DEFAULTS, SUMMARY_SECTIONS } from '../summary/summary-layout';
import type { SummaryFactsView, SummarySection } from '../summary/types';
import { framingForCounter } from '../tokens/framing-for-counter';

const SUMMARY_SECTION_KEYS = SUMMARY_SECTIONS.map((section) => section.key);

/** A summary a request sends, as its items see it: its key and its tokens. */
export interface SpanSummary {
  key: string;
  /** As an item: the message's tokens (`countMessageTokens`). */
  tokens: number;
  /** The message's text alone, as the counter counts it (what a plan's insert counts). */
  contentTokens: number;
  message: Message;
}

/** The extractive summaries of spans of the transcript, for the stateless replays of the summarizing strategies. */
export interface SpanSummaries {
  /**
   * The summary message of messages `[from, to)` (each as `read` gives it), wrapped as `wrapping` says and within
   * its `summaryTokens` (16 at least), as `compactionSummaryMessage` makes it of the same messages.
   */
  of(from: number, to: number, wrapping: SummaryWrapping): SpanSummary;
  /**
   * The summary message of facts folded by the caller (of messages that are not one span: Codex summarizes all but
   * the user messages it keeps), `span` naming what they are of (the same span, the same facts): rendered and keyed
   * as `of` renders and keys a span's.
   */
  render(facts: SummaryFactsView, span: string, wrapping: SummaryWrapping): SpanSummary;
  /**
   * The items of a request planned afresh (`planRequestView`), its added message keyed as `of` keys summaries, so
   * that it compares with the requests around it: the first added message, which is the summary in the plans that
   * use these (a peer's files re-read come after it), or the first that `isSummary` says is.
   */
  rekey(items: SentItems, isSummary?: (message: Message) => boolean): SentItems;
}

/**
 * Summaries of spans that mostly grow by a few messages from one request to the next: the summary's fold
 * (`createSummaryFold`) resumes where the previous span ended when the span starts where it started and ends no
 * earlier, and starts afresh otherwise; only the render is per request, and it reads no further back than the
 * summary shows. O(messages read) in all for growing spans, plus one render per distinct span.
 *
 * Keys: a summary is the previous request's item only when it is the same text, so each distinct text gets a key
 * of its own (`i:summary#N`), the last one's when the text is the same; comparing keys then says what comparing the
 * messages says, without writing each summary as JSON for `synthetic.insertKey` (14 kB per request at 100k messages,
 * and kept by its token cache). Tokens are counted as `synthetic.tokens` counts them, but not kept in its cache,
 * whose keys the replays of every strategy share.
 */
export function createSpanSummaries(context: ReplayContext, read: (message: Message) => MessageLike = (message) => message): SpanSummaries {
  const { messages, counter } = context;
  const framing = framingForCounter(counter);
  let fold: SummaryFold | undefined;
  let foldFrom = -1;
  let foldTo = -1;
  let last: { span: string; content: string; rendered?: Rendered; summary: SpanSummary } | undefined;
  let generation = 0;
  // Lines as written for earlier requests: most of a request's summary is the previous one's items.
  const memo: RenderMemo = { lines: {}, shown: {}, omitted: new Map() };
  const keep = (span: string, message: Message, rendered?: Rendered): SpanSummary => {
    const content = message.content as string;
    if (last !== undefined && sameText(last, content, rendered)) {
      last = { span, content, ...(rendered === undefined ? {} : { rendered }), summary: last.summary };
      return last.summary;
    }
    const key = `i:summary#${generation++}`;
    // `countMessageTokens` of a message whose content is a string, without counting the text twice.
    const contentTokens = counter.count(content);
    last = { span, content, ...(rendered === undefined ? {} : { rendered }), summary: { key, tokens: framing.perMessage + framing.text + contentTokens, contentTokens, message } };
    return last.summary;
  };
  const spanKey = (span: string, wrapping: SummaryWrapping): string =>
    `${span}:${summaryTokenLimit(wrapping.summaryTokens)}:${wrapping.focus ?? ''}:${wrapping.prefix}:${wrapping.suffix ?? ''}`;
  // The list each section's memo was written from: a section of another fold (a restarted span, a caller's own
  // fold) empties that section's memo, or the old fold's items (failed results are closures over their text) would
  // stay in it for nothing. Per list, not per lists object: Codex spreads its fold's lists into a new object per
  // request, and emptying the whole memo for that rewrote every line of every request's summary.
  const memoLists: Partial<Record<SummarySection, unknown>> = {};
  const render = (facts: SummaryFactsView, span: string, wrapping: SummaryWrapping): SpanSummary => {
    for (const key of SUMMARY_SECTION_KEYS) {
      const list = facts.lists[key];
      if (memoLists[key] === list) continue;
      if (memoLists[key] !== undefined) {
        // Requests are strings, each its own line's key in any list (Codex merges a new list whenever the user
        // messages it keeps move): only lists of closures, shell runs and views are another fold's.
        if (key !== 'requests') delete memo.lines[key];
        delete memo.shown[key];
      }
      memoLists[key] = list;
    }
    const maxTokens = summaryTokenLimit(wrapping.summaryTokens);
    const text = renderSummary(facts, wrapping.focus ?? '', { maxTokens, counter, maxTaskChars: EXTRACTIVE_DEFAULTS.maxTaskChars, maxRequestChars: EXTRACTIVE_DEFAULTS.maxRequestChars }, memo);
    return keep(span, wrapPeerSummary(text, wrapping), { text, firstLine: memo.firstLine, prefix: wrapping.prefix, suffix: wrapping.suffix ?? '' });
  };
  return {
    of(from, to, wrapping) {
      const span = spanKey(`${from}:${to}`, wrapping);
      if (last?.span === span) return last.summary;
      if (fold === undefined || from !== foldFrom || to < foldTo) {
        fold = createSummaryFold(EXTRACTIVE_DEFAULTS);
        foldFrom = from;
        foldTo = from;
      }
      for (; foldTo < to; foldTo++) fold.add(read(messages[foldTo] as Message));
      return render(fold.view(), span, wrapping);
    },
    render(facts, name, wrapping) {
      const span = spanKey(`facts:${name}`, wrapping);
      return last?.span === span ? last.summary : render(facts, span, wrapping);
    },
    rekey(items, isSummary) {
      const planned = (items as SentItems & { messages?: readonly Message[] }).messages;
      if (planned === undefined) return items;
      const first = items.keys.findIndex((key, k) => typeof key === 'string' && key.startsWith('i:') && (isSummary === undefined || isSummary(planned[k] as Message)));
      if (first < 0) return items;
      const keys = items.keys.slice();
      keys[first] = keep('', planned[first] as Message).key;
      return { ...items, keys };
    },
  };
}

/** A summary as rendered, before its wrapping: its text is flat, where the wrapped content is not. */
interface Rendered {
  text: string;
  /** Its first line, when `renderSummary` says it (a text it cut does not). */
  firstLine: string | undefined;
  prefix: string;
  suffix: string;
}

/**
 * Whether the previous summary's content is `content`. Comparing two texts makes V8 join each into one string (at
 * 20,000 tokens, 80 kB or more, per request: a third of OpenHands' replay); two summaries wrapped alike are the same
 * content exactly when their texts are, and texts that differ nearly always differ in length or in their first
 * line (the turns summarized), which are compared first.
 */
function sameText(last: { content: string; rendered?: Rendered }, content: string, rendered: Rendered | undefined): boolean {
  const before = last.rendered;
  if (rendered === undefined || before === undefined || before.prefix !== rendered.prefix || before.suffix !== rendered.suffix) return last.content === content;
  if (before.text.length !== rendered.text.length) return false;
  if (before.firstLine !== undefined && rendered.firstLine !== undefined && before.firstLine !== rendered.firstLine) return false;
  return before.text === rendered.text;
}
