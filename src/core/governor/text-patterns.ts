/** A unified diff or a Codex patch, at the start of a line: `diff --git`, a hunk header, `*** Begin Patch`. */
export const DIFF_TEXT = /^diff --git |^@@ -\d+(,\d+)? \+\d+(,\d+)? @@|^\*\*\* Begin Patch|^--- a\/\S+\n\+\+\+ b\//m;

/** Cheap tests that rule most texts out before `DIFF_TEXT` runs. */
export function mayHoldDiff(text: string): boolean {
  return text.includes('@@') || text.includes('diff --git') || text.includes('*** Begin Patch');
}
