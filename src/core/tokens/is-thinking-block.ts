/** A `thinking` or `redacted_thinking` block: what the API leaves out of earlier turns on most models. */
export function isThinkingBlock(block: unknown): boolean {
  const type = (block as { type?: unknown } | null)?.type;
  return type === 'thinking' || type === 'redacted_thinking';
}
