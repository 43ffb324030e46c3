import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { windowSettings } from '../sliding-window/window-settings';
import { findWindowCut } from '../../links/find-window-cut';
import { createSummaryMessage } from '../../summary/create-summary-message';
import { fitsBound } from '../../plan/fits-bound';
import { planWindow, type WindowSettings } from '../sliding-window/plan-window';
import { planWindowSuffix } from '../sliding-window/plan-window-suffix';
import { charsTokenCounter } from '../../tokens/chars-token-counter';
import { replayWindow } from '../sliding-window/replay-window';

/** The `summarize` strategy's config (seed 001). */
export interface SummarizeConfig extends CommonPruneOptions {
  strategy: 'summarize';
}

/**
 * The sliding window, with the messages it removes replaced by one user message first:
 * `[Previous context: N turns summarized]` (seed 001; a placeholder, no model is called).
 */
export const summarizeStrategy = defineStrategy({
  id: 'summarize',
  label: 'Summarize',
  description: 'Keeps the most recent messages and puts one placeholder message, "[Previous context: N turns summarized]", in place of the rest.',
  bounds: ['maxTurns', 'maxTokens'],
  needsBound: true,
  honoursPins: true,
  options: [],
  normalize: (config: SummarizeConfig): WindowSettings => windowSettings(config, 'summarize'),
  plan: (analysis, settings) =>
    planWindow(analysis, 'summarize', settings, {
      message: createSummaryMessage,
      tokens: (message) => analysis.counter.count(message.content as string),
    }),
  prune: (messages, bound) => {
    if (bound.maxTokens !== Infinity || (bound.pinned !== undefined && bound.pinned.length > 0)) return undefined;
    const cut = findWindowCut(messages, bound.maxTurns);
    if (cut < 0) return undefined;
    return cut > 0 ? [createSummaryMessage(cut), ...messages.slice(cut)] : messages.slice();
  },
  // The default analysis counts the summary as it counts messages: characters ÷ 4.
  planSuffix: (messages, settings) =>
    planWindowSuffix(messages, 'summarize', settings, { message: createSummaryMessage, tokens: (message) => charsTokenCounter.count(message.content as string) }),
  keepsEverything: fitsBound,
  replay: { stateless: (context, planner) => replayWindow(context, planner, createSummaryMessage) },
});
