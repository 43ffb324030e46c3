/**
 * What an export tells the user beyond dropping messages: `lead` (a format change, lines left out), then repaired
 * messages written from their content and blocks with no equivalent left out. `undefined` when there is nothing to say.
 */
export function exportNote(lead: string | undefined, { rewritten = 0, dropped = 0 }: { rewritten?: number; dropped?: number } = {}): string | undefined {
  const notes: string[] = [];
  if (lead !== undefined) notes.push(lead);
  if (rewritten > 0) {
    notes.push(
      rewritten === 1
        ? '1 repaired message is written from its repaired content, converted from the canonical shape.'
        : `${rewritten} repaired messages are written from their repaired content, converted from the canonical shape.`,
    );
  }
  if (dropped > 0) notes.push(`${dropped} block${dropped === 1 ? '' : 's'} with no equivalent in this format (thinking, server tools, …) left out.`);
  return notes.length === 0 ? undefined : notes.join(' ');
}
