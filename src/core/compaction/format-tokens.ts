/** A token count for a lane's headline: 950, 12.3k, 1.2M. */
export function formatTokens(n: number): string {
  const rounded = Math.round(n);
  if (rounded < 1000) return String(rounded);
  if (rounded < 1_000_000) return `${(rounded / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${(rounded / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}
