/** What sets Claude Code's auto-compact threshold (2.1.88 `autoCompact.ts`). */
export interface ClaudeCodeThresholdSettings {
  contextWindow: number;
  /** `min(maxOutputTokens(model), 20_000)`: room kept for the summary's output. */
  summaryReserve: number;
  /** `AUTOCOMPACT_BUFFER_TOKENS`. */
  buffer: number;
  /** `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE` (0: unset). */
  percentOverride: number;
}

/**
 * The token count at which Claude Code compacts: the effective window (context window less the summary's reserve)
 * less the buffer; a percentage override of the effective window can only lower it. 200k window: 167,000.
 */
export function claudeCodeThreshold(settings: ClaudeCodeThresholdSettings): number {
  const effective = settings.contextWindow - settings.summaryReserve;
  const threshold = effective - settings.buffer;
  return settings.percentOverride > 0 ? Math.min(Math.floor((effective * settings.percentOverride) / 100), threshold) : threshold;
}
