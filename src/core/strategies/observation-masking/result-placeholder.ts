// One formatter for every placeholder: `toLocaleString` builds one per call (about 1 s of the verdicts at 50k messages).
const GROUPED = new Intl.NumberFormat('en-US');

/**
 * The line a cleared tool result becomes. It says what was removed and how big it was, so the model knows it can
 * run the tool again (see the placeholder texts in use in ../shared/notes: SWE-agent says how many lines, Claude
 * Code says nothing).
 */
export function resultPlaceholder(lines: number, tokens: number): string {
  // Below a thousand there is no separator to group: the digits as they are, without the formatter (a replay masks
  // a result per request, and the formatter was a fifth of masking a message).
  const grouped = (lines > 0 || Object.is(lines, 0)) && lines < 1000 && Number.isInteger(lines) ? String(lines) : GROUPED.format(lines);
  return `[Old tool result cleared: ${grouped} ${lines === 1 ? 'line' : 'lines'}, ≈${compact(tokens)} tokens]`;
}

function compact(n: number): string {
  const rounded = Math.round(n);
  if (rounded < 1000) return String(rounded);
  if (rounded < 100_000) return `${(rounded / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  if (rounded < 1_000_000) return `${Math.round(rounded / 1000)}k`;
  return `${(rounded / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}
