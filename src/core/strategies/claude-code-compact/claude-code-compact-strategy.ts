import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { PEER_TRAITS } from '../peer-traits';
import { checkOption } from '../check-option';
import { booleanOption } from '../boolean-option';
import { integerOption } from '../integer-option';
import { peerSettings } from '../peer-settings';
import { planClaudeCodeCompact, type ClaudeCodeCompactSettings } from './plan-claude-code-compact';
import { claudeCodeThreshold } from './claude-code-threshold';
import { replayClaudeCodeCompact } from './replay-claude-code-compact';

/** The `claude-code-compact` strategy's config: Claude Code's auto-compact and time-based micro-compaction. */
export interface ClaudeCodeCompactConfig extends CommonPruneOptions {
  strategy: 'claude-code-compact';
  /** The model's context window. Default is 200,000. */
  contextWindow?: number;
  /** Room kept for the summary's output, `min(maxOutputTokens, 20_000)`. Default is 20,000. */
  summaryReserveTokens?: number;
  /** `AUTOCOMPACT_BUFFER_TOKENS`. Default is 13,000. */
  bufferTokens?: number;
  /** `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE`: compact at this percentage of the effective window, if lower. Default is 0 (unset). */
  autoCompactPercent?: number;
  /** The summary's size bound. Default is 4,371 tokens, measured on the spotter session's compaction of 170,251 tokens. */
  summaryTokens?: number;
  /** Re-inject the up to 5 most recently read files after a compaction. Default is true. */
  reinjectFiles?: boolean;
  /** Time-based micro-compaction (GrowthBook `tengu_slate_heron`, off by default). Default is false. */
  microCompact?: boolean;
  /** Micro-compaction runs after this long since the last assistant message. Default is 60 minutes. */
  microCompactGapMinutes?: number;
  /** Compactable results micro-compaction keeps. Default is 5. */
  microCompactKeepRecent?: number;
}

const OPTIONS = [
  integerOption('contextWindow', 'Context window', "The model's context window.", 200_000, 10_000, 10_000_000, 'tokens'),
  integerOption('summaryReserveTokens', 'Summary reserve', "Room kept for the summary's output: min(the model's max output, 20,000).", 20_000, 0, 1_000_000, 'tokens'),
  integerOption('bufferTokens', 'Buffer', 'AUTOCOMPACT_BUFFER_TOKENS: compaction fires this far below the effective window.', 13_000, 0, 1_000_000, 'tokens'),
  integerOption('autoCompactPercent', 'Auto-compact %', 'CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: compact at this percentage of the effective window, if that is lower (0: unset).', 0, 0, 100),
  integerOption('summaryTokens', 'Summary size', "The compact summary's size: 4,371 tokens measured on a real compaction of 170,251.", 4_371, 16, 100_000, 'tokens'),
  booleanOption('reinjectFiles', 'Re-read files', 'After compacting, re-inject the 5 most recently read files (5,000 tokens each, 50,000 in all).', true),
  booleanOption('microCompact', 'Micro-compact', 'Time-based micro-compaction: after an idle gap, old results of Read, Bash, Grep, Glob, Web*, Edit and Write are cleared (off by default in Claude Code).', false),
  integerOption('microCompactGapMinutes', 'Idle gap', 'Micro-compaction runs when this many minutes passed since the last assistant message.', 60, 1, 100_000),
  integerOption('microCompactKeepRecent', 'Keep recent', 'Compactable results micro-compaction keeps (at least 1).', 5, 0, 100_000, 'results'),
] as const;

/**
 * Claude Code's auto-compact and time-based micro-compaction, as the 2.1.88 client did them (`autoCompact.ts`,
 * `compact.ts`, `microCompact.ts`) and the 2.1.39 session files show them. A client-side manager: the agent holds
 * the compacted history, so its natural replay is live, firing at its own threshold.
 */
export const claudeCodeCompactStrategy = defineStrategy({
  id: 'claude-code-compact',
  label: 'Claude Code: auto-compact',
  description:
    'Claude Code auto-compact (2.1.x; anthropics/claude-code issues #31806, #57567; the 2.1.88 client\'s autoCompact.ts): when the context reaches the window less 20k less 13k (167k on a 200k model), everything becomes a summary as a user message in Claude Code\'s words, followed by the 5 most recently read files; optional time-based micro-compaction clears old tool results to "[Old tool result content cleared]" after an hour idle.',
  ...PEER_TRAITS,
  fidelity: {
    exact: ['the threshold (window − min(max output, 20k) − 13k, the percentage override)', "the summary message's fixed texts", 'which files are re-read (5 most recent, 5k tokens each, 50k in all)', 'micro-compaction: gap, tools, keep, placeholder'],
    approximated: [
      "the summary's content (extractive, not the model's) and size (4,371 tokens, measured)",
      "the re-read files' text (the transcript's last read, not the file on disk), and no hook output, plan or skills",
      'the message that crossed the threshold kept after the summary',
      'the summary request itself is not billed',
    ],
  },
  options: OPTIONS,
  normalize: (config: ClaudeCodeCompactConfig): ClaudeCodeCompactSettings => ({
    contextWindow: checkOption(config, OPTIONS[0]),
    summaryReserve: checkOption(config, OPTIONS[1]),
    buffer: checkOption(config, OPTIONS[2]),
    percentOverride: checkOption(config, OPTIONS[3]),
    summaryTokens: checkOption(config, OPTIONS[4]),
    reinjectFiles: checkOption(config, OPTIONS[5]),
    maxFiles: 5,
    maxFileTokens: 5_000,
    fileBudget: 50_000,
    microCompact: checkOption(config, OPTIONS[6]),
    microCompactGapMinutes: checkOption(config, OPTIONS[7]),
    microCompactKeepRecent: checkOption(config, OPTIONS[8]),
    ...peerSettings(config, 'claude-code-compact'),
  }),
  plan: planClaudeCodeCompact,
  // Under the threshold, without micro-compaction, nothing changes.
  keepsEverything: (settings, count, total) => count === 0 || (!settings.microCompact && settings.request.fixedTokens + total < claudeCodeThreshold(settings)),
  replay: {
    // The summary resumed request by request and the re-read files built once: no plan of each history.
    stateless: replayClaudeCodeCompact,
    // Compaction at its threshold; micro-compaction is looked at before every request (it waits for an idle gap).
    trigger: (settings) => (settings.microCompact && settings.request.timeOf !== undefined ? { kind: 'every', requests: 1 } : { kind: 'tokens', over: claudeCodeThreshold(settings) - 1 }),
  },
});
