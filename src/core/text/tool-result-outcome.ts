import { exitCodeOf } from './exit-code-of';
import { toolResultText } from './tool-result-text';

/** Whether a tool call failed, as its result says. */
export interface ToolResultOutcome {
  failed: boolean;
  /** The exit code the output reports, when it reports one (Claude Code only on failure, Codex always). */
  exitCode: number | undefined;
}

/** Codex and others open a failed call's output with "failed" (`failed in sandbox …`, `failed to parse …`). */
const FAILED_OPENING = /^\s*failed\b/i;

/**
 * Whether a tool result reports a failure. The one rule for the timeline's error badge, the scorecard's errors, the
 * summary's and the governor's: a result's own `is_error` decides when it has one (Claude Code sets it on every
 * result, true exactly when the call failed); without one (OpenAI formats, Codex), a non-zero exit code in the output
 * (`exitCodeOf`) or output that opens with "failed" does. Errors an output merely shows (a Traceback in a file that was
 * read) are not failures of the call; the governor weighs those on its own (`findErrorSignal`).
 *
 * `text` may be passed when already read (`toolResultText`), to save a pass; `exitCode` is read from it either way
 * (for "→ exit 1" in a summary). Passing `''` for a result with `is_error` skips reading the output.
 */
export function toolResultOutcome(block: { content?: unknown; is_error?: unknown }, text = toolResultText(block.content)): ToolResultOutcome {
  const exitCode = exitCodeOf(text);
  const failed =
    typeof block.is_error === 'boolean'
      ? block.is_error
      : (exitCode !== undefined && exitCode !== 0) || FAILED_OPENING.test(text.length > 64 ? text.slice(0, 64) : text);
  return { failed, exitCode };
}
