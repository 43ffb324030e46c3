import type { Message, ToolLinks } from '../types';
import { toolLinksFromScan } from '../links/tool-links-from-scan';
import { groupMessages, type MessageGroups } from '../links/group-messages';
import { rankMessages, type ImportanceRanking } from '../scoring/rank-messages';
import { estimateTokens } from '../tokens/estimate-tokens';
import { findValidCuts, type ValidCuts } from '../links/find-valid-cuts';
import { glueBrokenTurns } from '../links/glue-broken-turns';
import type { TokenCounter } from '../tokens/types';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { countMessageTokens } from '../tokens/count-message-tokens';

/** Everything the strategies need about a transcript that does not depend on the bound. */
export type TranscriptAnalysis = MessageGroups &
  ImportanceRanking &
  ValidCuts & {
    messages: readonly Message[];
    /** Per message: its importance unit (its tool group, glued to an orphan's neighbours); see `glueBrokenTurns`. */
    unitOf: Int32Array;
    /** Per unit: how many messages it holds. */
    unitSize: Int32Array;
    /** Per unit: the index of its first message. */
    unitFirst: Int32Array;
    links: ToolLinks;
    /** Per message: its tokens. */
    tokens: Float64Array;
    /** `suffixTokens[i]`: the tokens of messages `i` to the end; `suffixTokens[count]` is 0. */
    suffixTokens: Float64Array;
    /** Counts what plans add (summaries, placeholders) the way `tokens` were counted. */
    counter: TokenCounter;
  };

/** How `analyzeTranscript` counts tokens. */
export interface AnalyzeOptions {
  /** Per-message token counts (from `countMessageTokens`). Default is the characters ÷ 4 estimate of each message. */
  tokens?: ArrayLike<number>;
  /**
   * Counts every message (`countMessageTokens`) when `tokens` is not given, and what plans add. Default is the
   * characters ÷ 4 estimate of each message's text, which costs nothing beyond the scan.
   */
  counter?: TokenCounter;
}

/**
 * Links, groups, ranks and measures a transcript once, O(n log n) (the ranking and the links on first read), so
 * that `planPrune` can answer each bound in O(n) or less. The inspector's worker keeps this per loaded conversation;
 * `withTokens` swaps in exact counts.
 */
export function analyzeTranscript(messages: readonly Message[], options: AnalyzeOptions = {}): TranscriptAnalysis {
  const groups = groupMessages(messages);
  const tokens = new Float64Array(groups.count);
  const given = options.tokens;
  if (given !== undefined && given.length !== groups.count) {
    throw new RangeError(`analyzeTranscript: tokens has ${given.length} counts for ${groups.count} messages`);
  }
  const counted = given === undefined && options.counter !== undefined ? countMessageTokens(messages, options.counter) : undefined;
  for (let i = 0; i < groups.count; i++) {
    tokens[i] = given !== undefined ? (given[i] as number) : counted !== undefined ? (counted[i] as number) : estimateTokens(groups.scan.textLength[i] as number);
  }
  const units = glueBrokenTurns(groups, messages);
  // The ranking (a sort) and the links are built on first read: the window and masking strategies never read the
  // ranking, and only the inspector reads the links, so a one-shot prune does not pay for them.
  let ranking: ImportanceRanking | undefined;
  let links: ToolLinks | undefined;
  const rank = (): ImportanceRanking => (ranking ??= rankMessages(units));
  return {
    ...groups,
    get textLength() {
      return rank().textLength;
    },
    get hasToolBlock() {
      return rank().hasToolBlock;
    },
    get score() {
      return rank().score;
    },
    get unitScore() {
      return rank().unitScore;
    },
    get dropOrder() {
      return rank().dropOrder;
    },
    unitOf: units.groupOf,
    unitSize: units.groupSize,
    unitFirst: units.groupFirst,
    ...findValidCuts(units),
    messages,
    get links() {
      return (links ??= toolLinksFromScan(groups.scan, messages));
    },
    tokens,
    suffixTokens: suffixSums(tokens),
    counter: options.counter ?? charsTokenCounter,
  };
}

function suffixSums(tokens: Float64Array): Float64Array {
  const sums = new Float64Array(tokens.length + 1);
  for (let i = tokens.length - 1; i >= 0; i--) sums[i] = (sums[i + 1] as number) + (tokens[i] as number);
  return sums;
}
