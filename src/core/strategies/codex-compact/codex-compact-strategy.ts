import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { PEER_TRAITS } from '../peer-traits';
import { checkOption } from '../check-option';
import { integerOption } from '../integer-option';
import { peerSettings } from '../peer-settings';
import { codexCompactLimit, planCodexCompact, type CodexCompactSettings } from './plan-codex-compact';
import { replayCodexCompact } from './replay-codex-compact';

/** The `codex-compact` strategy's config: Codex CLI's auto-compaction. */
export interface CodexCompactConfig extends CommonPruneOptions {
  strategy: 'codex-compact';
  /** The model's context window. Default is 272,000 (gpt-5, gpt-5-codex). */
  contextWindow?: number;
  /** `model_auto_compact_token_limit` (0: unset); it can only lower 90% of the window. Default is 0. */
  autoCompactLimit?: number;
  /** `COMPACT_USER_MESSAGE_MAX_TOKENS`: user messages kept, newest first. Default is 20,000. */
  userMessageTokens?: number;
  /** The summary's size bound (0: 2.57% of what it replaces, at most 20,000). Default is 0. */
  summaryTokens?: number;
}

const OPTIONS = [
  integerOption('contextWindow', 'Context window', "The model's context window (272,000 for gpt-5 and gpt-5-codex).", 272_000, 10_000, 10_000_000, 'tokens'),
  integerOption('autoCompactLimit', 'Compact limit', 'model_auto_compact_token_limit: compact at this many tokens if lower than 90% of the window (0: unset).', 0, 0, 10_000_000, 'tokens'),
  integerOption('userMessageTokens', 'User messages kept', 'COMPACT_USER_MESSAGE_MAX_TOKENS: user messages kept verbatim, newest first (bytes ÷ 4).', 20_000, 0, 10_000_000, 'tokens'),
  integerOption('summaryTokens', 'Summary size', "The hand-off summary's size; 0: 2.57% of what it replaces, at most 20,000 (not published).", 0, 0, 100_000, 'tokens'),
] as const;

/**
 * Codex CLI's local compaction (openai/codex `codex-rs/core/src/compact.rs`, `templates/compact/*.md`). The history
 * is replaced, so a live agent holds it: its natural replay is live, firing at its own limit.
 */
export const codexCompactStrategy = defineStrategy({
  id: 'codex-compact',
  label: 'Codex: compact',
  description:
    'Codex CLI compaction (openai/codex, codex-rs/core/src/compact.rs): at 90% of the window (244,800 of 272k), the history becomes the user messages, newest first up to 20,000 tokens (one cut in the middle), then the hand-off summary behind its fixed prefix; assistant turns and tool output are dropped, earlier summaries are never kept as user messages.',
  ...PEER_TRAITS,
  fidelity: {
    exact: ['the limit (90% of the window, or the configured one if lower)', 'which user messages are kept (newest first, 20k bytes ÷ 4, one cut in the middle)', 'the summary prefix', 'earlier summaries not collected'],
    approximated: ["the summary's content (extractive) and size (2.57% of what it replaces; not published)", 'the last message kept after the summary', 'remote compaction (/responses/compact) not simulated', 'the summary request itself is not billed'],
  },
  options: OPTIONS,
  normalize: (config: CodexCompactConfig): CodexCompactSettings => ({
    contextWindow: checkOption(config, OPTIONS[0]),
    autoCompactLimit: checkOption(config, OPTIONS[1]),
    userMessageTokens: checkOption(config, OPTIONS[2]),
    summaryTokens: checkOption(config, OPTIONS[3]),
    ...peerSettings(config, 'codex-compact'),
  }),
  plan: planCodexCompact,
  keepsEverything: (settings, count, total) => count === 0 || settings.request.fixedTokens + total < codexCompactLimit(settings),
  replay: {
    // The kept user messages by search, the rest summarized in two folds, resumed: no plan of each history.
    stateless: replayCodexCompact,
    trigger: (settings) => ({ kind: 'tokens', over: codexCompactLimit(settings) - 1 }),
  },
});
