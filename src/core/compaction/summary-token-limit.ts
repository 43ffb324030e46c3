/**
 * The extractive summary's token limit for a compaction's `summaryTokens`: rounded, and at least 16 (a heading and a
 * line). The plan (`compactionSummaryMessage`) and the replays' span summaries both read it, so they write the same text.
 */
export function summaryTokenLimit(summaryTokens: number): number {
  return Math.max(16, Math.round(summaryTokens));
}
