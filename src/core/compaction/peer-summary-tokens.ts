/**
 * A peer's summary size when the peer does not publish it: the one configured (`summaryTokens`, 16 at least), else
 * 2.57% of the tokens it replaces (Claude Code's measured ratio: 4,371 for 170,251), 16 to 20,000.
 */
export function peerSummaryTokens(summaryTokens: number, replacedTokens: number): number {
  return summaryTokens > 0 ? Math.max(16, summaryTokens) : Math.min(20_000, Math.max(16, Math.round(replacedTokens * 0.0257)));
}
