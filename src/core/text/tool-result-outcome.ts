import { exitCodeOf } from './exit-code-of';
import { toolResultText } from './tool-result-text';

/** Whether a tool call failed, as its result says. */
export interface ToolResultOutcome {
  failed: boolean;
  /** The exit code the output reports, when it reports one (Claude Code only on failure, Codex always). */
  exitCode: number | undefined;
}

/**
 * Whether a tool result reports a failure. The one rule for the timeline's error badge, the scorecard's errors, the
 * summary's and the governor's: a result's own `is_error` decides when it has one (Claude Code sets it on every
 * result, true exactly when the call failed); without one (OpenAI formats, Codex), a non-zero exit code in the output
 * (`exitCodeOf`) does. Output that merely opens with "failed" is no longer taken for a failure (the timeline did):
 * prose does that too, and Codex's sandbox failures report their exit code. Errors an output merely shows (a Traceback in a file that was
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
      : exitCode !== undefined && exitCode !== 0;
  return { failed, exitCode };
}
