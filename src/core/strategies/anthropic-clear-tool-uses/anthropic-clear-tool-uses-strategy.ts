import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { PEER_TRAITS } from '../peer-traits';
import { checkOption } from '../check-option';
import { booleanOption } from '../boolean-option';
import { integerOption } from '../integer-option';
import { peerSettings } from '../peer-settings';
import { replayClearToolUses } from './replay-clear-tool-uses';
import { planClearToolUses, type ClearToolUsesSettings } from './plan-clear-tool-uses';

/** The `anthropic-clear-tool-uses` strategy's config: Anthropic's `clear_tool_uses_20250919` context edit. */
export interface AnthropicClearToolUsesConfig extends CommonPruneOptions {
  strategy: 'anthropic-clear-tool-uses';
  /** What `trigger` counts: the prompt's input tokens, or the tool uses in the history. Default is `input_tokens`. */
  triggerType?: 'input_tokens' | 'tool_uses';
  /** Clearing begins once the prompt exceeds this (system, tools and messages). Default is 100,000. Range 1–10,000,000. */
  triggerAt?: number;
  /** Recent tool uses whose results are kept. Default is 3. Range 0–100,000. */
  keep?: number;
  /** When clearing would free fewer tokens than this, nothing is cleared. Default is 0 (none). Range 0–10,000,000. */
  clearAtLeast?: number;
  /** `gate`: clear all but `keep`, only if that frees `clearAtLeast` (the docs' words); `stop-at`: stop once it has (LangChain). Default is `gate`. */
  clearAtLeastMode?: 'gate' | 'stop-at';
  /** Tools whose uses and results are never cleared. Default is none. */
  excludeTools?: readonly string[];
  /** Also empty the inputs of the calls whose results are cleared (`clear_tool_inputs: true`). Default is false. */
  clearToolInputs?: boolean;
  /** Empty the inputs of these tools' cleared calls only (`clear_tool_inputs` as a list of names). Default is none. */
  clearToolInputsOf?: readonly string[];
  /** The text a cleared result becomes. Not documented by Anthropic; default is LangChain's `[cleared]`. */
  placeholder?: string;
  /** Uses of excluded tools count toward `keep` (undocumented; LangChain counts every tool message). Default is true. */
  keepCountsExcluded?: boolean;
}

const OPTIONS = [
  integerOption('triggerAt', 'Trigger', 'Clearing begins once the prompt exceeds this (system prompt, tools and messages), in input tokens or tool uses.', 100_000, 1, 10_000_000),
  { key: 'triggerType', label: 'Trigger counts', description: 'What the trigger counts: input tokens of the prompt, or tool uses in the history.', kind: 'choice', default: 'input_tokens', choices: ['input_tokens', 'tool_uses'] },
  integerOption('keep', 'Keep', 'Recent tool uses whose results stay.', 3, 0, 100_000, 'results'),
  integerOption('clearAtLeast', 'Clear at least', 'When clearing would free fewer tokens than this, nothing is cleared (0: no minimum).', 0, 0, 10_000_000, 'tokens'),
  { key: 'clearAtLeastMode', label: 'At-least rule', description: 'gate: clear all but keep, only if that frees the minimum (the docs, literally); stop-at: clear oldest first until it has (LangChain).', kind: 'choice', default: 'gate', choices: ['gate', 'stop-at'] },
  { key: 'excludeTools', label: 'Never clear', description: 'Tools whose uses and results are never cleared.', kind: 'string-list', default: [] },
  booleanOption('clearToolInputs', 'Clear inputs', 'Also empty the inputs of the calls whose results are cleared.', false),
  { key: 'clearToolInputsOf', label: 'Clear inputs of', description: 'Empty the inputs of these tools only (clear_tool_inputs given as a list).', kind: 'string-list', default: [] },
  { key: 'placeholder', label: 'Placeholder', description: "What a cleared result becomes. Anthropic does not publish its text; the default is LangChain's.", kind: 'text', default: '[cleared]', maxLength: 500 },
  booleanOption('keepCountsExcluded', 'Excluded count in keep', 'Uses of excluded tools count toward keep (undocumented; LangChain counts every tool message).', true),
] as const;

/**
 * Anthropic's server-side context edit `clear_tool_uses_20250919` (beta `context-management-2025-06-27`), as the
 * "Context editing" docs define it. The API applies it to the whole history on every request, so a live agent
 * replays it as it does stateless (`serverSide`).
 */
export const anthropicClearToolUsesStrategy = defineStrategy({
  id: 'anthropic-clear-tool-uses',
  label: 'Anthropic: clear tool uses',
  description:
    'Anthropic API context editing, clear_tool_uses_20250919 (platform.claude.com, Context editing): once the prompt exceeds 100k input tokens, the results of all tool uses but the last 3 become a placeholder, oldest first, except excluded tools; clear_at_least gates it, clear_tool_inputs empties the calls too. Undocumented, chosen literally and offered as options: the placeholder text (LangChain\'s "[cleared]"), whether clear_at_least gates or stops, whether excluded tools count toward keep.',
  ...PEER_TRAITS,
  // Its replay finds what changed since the previous request: not planned per request, so among the quick lanes.
  slow: false,
  fidelity: {
    exact: ['which results are cleared: trigger, keep, exclude_tools, clear_at_least, clear_tool_inputs as documented', 'applied to the whole history on every request (server side)'],
    approximated: [
      'the placeholder text and its size (not published; default LangChain\'s "[cleared]")',
      'clear_at_least as a gate (the docs\' words) rather than a stop',
      'the trigger counted with our tokenizer, not the API\'s count',
      'results no larger than the placeholder are left as they are',
    ],
  },
  options: OPTIONS,
  normalize: (config: AnthropicClearToolUsesConfig): ClearToolUsesSettings => ({
    trigger: checkOption(config, OPTIONS[0]),
    triggerType: checkOption(config, OPTIONS[1]) as ClearToolUsesSettings['triggerType'],
    keep: checkOption(config, OPTIONS[2]),
    clearAtLeast: checkOption(config, OPTIONS[3]),
    clearAtLeastMode: checkOption(config, OPTIONS[4]) as ClearToolUsesSettings['clearAtLeastMode'],
    excludeTools: checkOption(config, OPTIONS[5]),
    clearToolInputs: checkOption(config, OPTIONS[6]),
    clearToolInputsOf: checkOption(config, OPTIONS[7]),
    placeholder: checkOption(config, OPTIONS[8]),
    keepCountsExcluded: checkOption(config, OPTIONS[9]),
    ...peerSettings(config, 'anthropic-clear-tool-uses'),
  }),
  plan: (analysis, settings) => planClearToolUses(analysis, settings).plan,
  // Under an input-token trigger nothing changes; a tool-use trigger cannot be told from a count of messages.
  keepsEverything: (settings, count, total) => count === 0 || (settings.triggerType === 'input_tokens' && settings.request.fixedTokens + total <= settings.trigger),
  // Its live replay is its stateless one, which finds what changed since the previous request.
  replay: { serverSide: true, stateless: replayClearToolUses },
});
