import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { PEER_TRAITS } from '../peer-traits';
import { checkOption } from '../check-option';
import { integerOption } from '../integer-option';
import { peerSettings } from '../peer-settings';
import { replayClearThinking } from './replay-clear-thinking';
import { planClearThinking, thinkingTurnsKept, type ClearThinkingSettings } from './plan-clear-thinking';

/** The `anthropic-clear-thinking` strategy's config: Anthropic's `clear_thinking_20251015` context edit. */
export interface AnthropicClearThinkingConfig extends CommonPruneOptions {
  strategy: 'anthropic-clear-thinking';
  /**
   * `model`: the documented default of the model the requests go to (`request.model`: every turn on Opus 4.5+ and
   * Sonnet 4.6+, the last one on earlier Opus and Sonnet and every Haiku); `all` (`keep: "all"`); `turns`
   * (`keep: {type: "thinking_turns", value: keepTurns}`). Default is `model`.
   */
  keepMode?: 'model' | 'all' | 'turns';
  /** With `keepMode: 'turns'`: how many of the last assistant turns with thinking keep it. Default is 1. Range 1–100,000. */
  keepTurns?: number;
}

const OPTIONS = [
  { key: 'keepMode', label: 'Keep', description: "model: the model's default (all turns on Opus 4.5+ and Sonnet 4.6+, else the last); all; turns: the last N turns with thinking.", kind: 'choice', default: 'model', choices: ['model', 'all', 'turns'] },
  integerOption('keepTurns', 'Thinking turns kept', 'With keep "turns": the last assistant turns with thinking that keep it.', 1, 1, 100_000),
] as const;

/**
 * Anthropic's server-side context edit `clear_thinking_20251015` (beta `context-management-2025-06-27`), as the
 * "Context editing" docs define it. The API applies it to the whole history on every request (`serverSide`).
 */
export const anthropicClearThinkingStrategy = defineStrategy({
  id: 'anthropic-clear-thinking',
  label: 'Anthropic: clear thinking',
  description:
    "Anthropic API context editing, clear_thinking_20251015 (platform.claude.com, Context editing): the thinking blocks of all but the last keep assistant turns with thinking are removed; an assistant turn runs from one user message that is not only tool results to the next. keep defaults by model: every turn on Opus 4.5+ and Sonnet 4.6+ (the cache is kept), the last turn on earlier Opus and Sonnet and on Haiku.",
  ...PEER_TRAITS,
  // Its replay finds what changed since the previous request: not planned per request, so among the quick lanes.
  slow: false,
  fidelity: {
    exact: ['which turns lose their thinking: turns, keep and the model defaults as documented', 'applied to the whole history on every request (server side)'],
    approximated: ['the model default read from the model name (unknown models keep every turn)'],
  },
  options: OPTIONS,
  normalize: (config: AnthropicClearThinkingConfig): ClearThinkingSettings => ({
    keepMode: checkOption(config, OPTIONS[0]) as ClearThinkingSettings['keepMode'],
    keepTurns: checkOption(config, OPTIONS[1]),
    ...peerSettings(config, 'anthropic-clear-thinking'),
  }),
  plan: planClearThinking,
  // Keeping every turn's thinking changes nothing (the docs' point: the cache is kept).
  keepsEverything: (settings, count) => count === 0 || thinkingTurnsKept(settings) === Infinity,
  // Its live replay is its stateless one, which finds what changed since the previous request.
  replay: { serverSide: true, stateless: replayClearThinking },
});
