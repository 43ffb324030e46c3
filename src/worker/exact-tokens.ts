/**
 * Exact token counts for a loaded transcript, after the first paint: the vocabulary loads lazily (its own chunk),
 * messages are counted in slices with a yield between them so requests and cancels get through, and the analysis is
 * swapped for one with the new counts. Rows update in place; nothing waits for this.
 */
import {
  compareWithRecordedTotal,
  compareWithRecordedUsage,
  countMessageTokens,
  countsWithoutThinking,
  countSystemTokens,
  createTokenCounter,
  encodingForFormat,
  withTokens,
  type TokenEncoding,
  type TotalComparison,
  type TranscriptFormat,
  type UsageComparison,
} from '../core';
import type { Doc } from './doc';
import { canPool, countInPool, warmPool } from './count-pool';
import { recordedOf } from './recorded-of';

/** About this much text is counted between two yields (tens of milliseconds with a real vocabulary). */
const SLICE_CHARS = 400_000;

export type EncodingChoice = TokenEncoding | 'auto';

export interface ExactCounts {
  tokens: Float64Array;
  encoding: TokenEncoding;
  fallback?: string;
  usage?: UsageComparison;
  /** The run's recorded total, for formats that record one, beside the counted requests. */
  total?: TotalComparison;
}

/**
 * Loads the vocabulary a transcript of `format` will be counted with in the counting workers while the transcript is
 * still being analysed, so counting starts at once after the first paint; only where a core is spare: on two cores
 * the vocabularies' loading slowed the analysis the first paint waits for. Never on this thread, for that reason.
 */
export function warmCounting(format: TranscriptFormat, choice: EncodingChoice): void {
  const encoding = choice === 'auto' ? encodingForFormat(format) : choice;
  if (encoding === 'chars' || typeof navigator === 'undefined' || (navigator.hardwareConcurrency ?? 2) <= 2) return;
  warmPool(encoding);
}

/**
 * Loads `encoding`'s vocabulary on this thread and in the counting workers, whatever the cores: asked of a spare
 * worker once the transcript on screen is counted, when nothing else runs (`FreshWorkers.warm`).
 */
export function warmSpare(encoding: Exclude<TokenEncoding, 'chars'>): void {
  createTokenCounter({ encoding }).catch(() => undefined);
  warmPool(encoding);
}

export async function countExactly(
  d: Doc,
  choice: EncodingChoice,
  onProgress: (fraction: number) => void,
  stillWanted: () => boolean,
): Promise<ExactCounts | undefined> {
  const requested = choice === 'auto' ? encodingForFormat(d.conversation.format) : choice;
  const { messages } = d;
  let tokens: Float64Array;
  let fallback: string | undefined;
  if (requested !== 'chars' && canPool()) {
    // In the browser: a pool of counting workers, so this thread stays free for bound changes and lanes. This thread's
    // own vocabulary (for what plans add) loads meanwhile, not after.
    createTokenCounter({ encoding: requested }).catch(() => undefined);
    const pooled = await countInPool(messages, requested, d.analysis.scan.textLength, onProgress);
    if (!stillWanted()) return undefined;
    tokens = pooled.tokens;
    fallback = pooled.fallback;
  } else {
    const counter = await createTokenCounter({ encoding: requested });
    if (!stillWanted()) return undefined;
    tokens = new Float64Array(messages.length);
    const lengths = d.analysis.scan.textLength;
    let from = 0;
    while (from < messages.length) {
      let to = from;
      let chars = 0;
      while (to < messages.length && (to === from || chars < SLICE_CHARS)) chars += lengths[to++] as number;
      tokens.set(countMessageTokens(messages, counter, { from, to }), from);
      from = to;
      onProgress(from / messages.length);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!stillWanted()) return undefined;
    }
    if (counter.fallback) fallback = counter.fallback.reason;
  }
  // This thread counts what plans add (summaries, placeholders) and the system prompt: load the vocabulary here too.
  const counter = await createTokenCounter({ encoding: fallback ? 'chars' : requested });
  if (!stillWanted()) return undefined;
  const system = typeof d.conversation.system === 'string' ? d.conversation.system : undefined;
  d.analysis = withTokens(d.analysis, tokens, counter);
  d.systemTokens = system ? countSystemTokens(system, counter) : 0;
  d.encoding = counter.encoding;
  d.epoch++;
  d.plans.clear();
  d.laneOfKey.clear();
  const recorded = recordedOf(d);
  let usage: UsageComparison | undefined;
  try {
    const { requests } = recorded;
    if (requests.length > 0) {
      // A model sent no thinking back (Gemini's clients), or only the current turn's: as `stats` and the replay hold it.
      const bare = countsWithoutThinking(messages, tokens, counter, requests);
      usage = compareWithRecordedUsage(messages, tokens, requests, { systemTokens: d.systemTokens, ...(bare ? { countsWithoutThinking: bare } : {}) });
    }
  } catch {
    // A file whose usage records do not line up with its messages: counts still stand, only the comparison is left out.
  }
  d.usage = usage;
  let total: TotalComparison | undefined;
  try {
    const contextStarts = (d.conversation.boundaries ?? []).map((b) => b.messageIndex);
    // The total covers the whole run: held against a part of it (the messages as last sent), it would mislead.
    if (recorded.total !== undefined && d.scope === 'whole') total = compareWithRecordedTotal(messages, tokens, recorded.total, { systemTokens: d.systemTokens, contextStarts });
  } catch {
    // As above: the counts stand without the comparison.
  }
  return {
    tokens: tokens.slice(),
    encoding: counter.encoding,
    ...(fallback ? { fallback: `${requested} could not be loaded (${fallback}); counting characters ÷ 4` } : {}),
    ...(usage ? { usage } : {}),
    ...(total ? { total } : {}),
  };
}
