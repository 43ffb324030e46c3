/** Claude Code's `Exit code 1` and newer Codex's `Exit code: 1` open the result. */
const LEADING = /^\s*Exit code:?\s*(-?\d+)/;
/** Codex rollouts of 2025 wrap output in JSON whose metadata ends it: `"metadata":{"exit_code":1,…}}`. */
const CODEX_METADATA = /"exit_code"\s*:\s*(-?\d+)/;
/**
 * Codex's sandbox failures (`…execution error: …, exit code: 2, stdout: …`), `Process exited with code 1`, and a JSON
 * wrapper whose `exit_code` comes first (`{"exit_code": 1, "output": …}`).
 */
const INLINE = /\bexit(?:ed with)? code:?\s*(-?\d+)|\bexit[ _]code"?\s*[:=]\s*(-?\d+)/i;

/**
 * The exit code a shell tool result reports, or undefined when it says none (Claude Code reports one only on
 * failure). Reads only the first 400 and the last 300 characters, so a long output costs nothing.
 */
export function exitCodeOf(resultText: string): number | undefined {
  const head = resultText.length > 400 ? resultText.slice(0, 400) : resultText;
  // Necessary conditions before each regex, as a summary of 100k messages reads thousands of outputs: LEADING needs
  // an `E` first or a blank (every \s is at most U+0020 or at least U+00A0), CODEX_METADATA its key in the tail.
  const first = resultText.charCodeAt(0);
  if (first === 69 || !(first > 0x20 && first < 0xa0)) {
    const leading = LEADING.exec(head);
    if (leading) return Number(leading[1]);
  }
  if (resultText.indexOf('"exit_code"', resultText.length - 300) >= 0) {
    const tail = resultText.length > 300 ? resultText.slice(-300) : resultText;
    const metadata = CODEX_METADATA.exec(tail);
    if (metadata) return Number(metadata[1]);
  }
  // Most outputs hold no "exit" at all; a plain search is cheaper than the case-insensitive regex.
  if (!head.includes('xit') && !head.includes('XIT')) return undefined;
  const inline = INLINE.exec(head);
  return inline ? Number(inline[1] ?? inline[2]) : undefined;
}
