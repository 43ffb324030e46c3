import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { PEER_TRAITS } from '../peer-traits';
import { checkOption } from '../check-option';
import { integerOption } from '../integer-option';
import { peerSettings } from '../peer-settings';
import { planAnthropicCompaction, type AnthropicCompactionSettings } from './plan-anthropic-compaction';
import { replayAnthropicCompaction } from './replay-anthropic-compaction';

/** The `anthropic-compaction` strategy's config: Anthropic's server compaction `compact_20260112`. */
export interface AnthropicCompactionConfig extends CommonPruneOptions {
  strategy: 'anthropic-compaction';
  /** Compaction happens when the input reaches this many tokens. Default is 150,000; the API's minimum is 50,000. */
  triggerAt?: number;
  /** The summary's size bound. Default is 3,500 tokens, the docs' usage example (180,000 in, 3,500 out). */
  summaryTokens?: number;
  /** Custom summarization instructions (they replace the default prompt); given to the summarizer as its focus. Default is none. */
  instructions?: string;
}

const OPTIONS = [
  integerOption('triggerAt', 'Trigger', 'Compaction happens when the input (system, tools and messages) reaches this many tokens; the API takes 50,000 or more.', 150_000, 50_000, 10_000_000, 'tokens'),
  integerOption('summaryTokens', 'Summary size', "The compaction block's size: the docs' usage example writes 3,500 tokens for 180,000.", 3_500, 16, 100_000, 'tokens'),
  { key: 'instructions', label: 'Instructions', description: 'Custom summarization instructions (replace the default prompt); the summarizer takes them as its focus.', kind: 'text', default: '', maxLength: 2_000 },
] as const;

/**
 * Anthropic's server-side compaction `compact_20260112` (beta `compact-2026-01-12`, Opus 4.6 and Sonnet 4.6), as
 * the "Compaction" docs define it. The client keeps the compaction block and sends it back, so a live agent holds
 * the compacted history: its natural replay is live, firing at the trigger.
 */
export const anthropicCompactionStrategy = defineStrategy({
  id: 'anthropic-compaction',
  label: 'Anthropic: compaction',
  description:
    'Anthropic API server compaction, compact_20260112 (platform.claude.com, Compaction): when the input reaches 150k tokens (at least 50k), everything so far becomes one compaction block and later requests send only it and what follows. The summary is the extractive one, sized as the docs\' example (3,500 tokens).',
  ...PEER_TRAITS,
  fidelity: {
    exact: ['the trigger (input tokens, system and tools included, at or over it)', 'everything before the compaction block dropped, what follows kept', 'a compaction block in the transcript honoured'],
    approximated: [
      "the summary's content (extractive, not the model's) and size (3,500 tokens, the docs' example)",
      'the block sent as a user message with its text (same tokens)',
      'the message that crossed the trigger kept after the summary (the API folds it in)',
      'the compaction iteration itself is not billed',
      'the trigger counted with our tokenizer, not the API',
    ],
  },
  options: OPTIONS,
  normalize: (config: AnthropicCompactionConfig): AnthropicCompactionSettings => ({
    trigger: checkOption(config, OPTIONS[0]),
    summaryTokens: checkOption(config, OPTIONS[1]),
    instructions: checkOption(config, OPTIONS[2]),
    ...peerSettings(config, 'anthropic-compaction'),
  }),
  plan: planAnthropicCompaction,
  replay: {
    // The summary of a span that grows request by request, resumed, and the suffix: no plan of each history.
    stateless: replayAnthropicCompaction,
    // The API compacts when the input reaches the trigger: a live agent fires there, not at the replay's trigger.
    trigger: (settings) => ({ kind: 'tokens', over: settings.trigger - 1 }),
  },
});
