/** Codex's `approx_token_count`: bytes ÷ 4, rounded up (characters stand for bytes). */
export const approxTokens = (text: string): number => Math.ceil(text.length / 4);

/** Codex's `truncate_middle`: the start and end of `text` within `budget` tokens, the cut said in the middle. */
export function truncateMiddle(text: string, budget: number): string {
  const keep = Math.max(0, budget * 4);
  const head = text.slice(0, Math.ceil(keep / 2));
  const tail = text.slice(text.length - Math.floor(keep / 2));
  return `${head}…${approxTokens(text) - budget} tokens truncated…${tail}`;
}
