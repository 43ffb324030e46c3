import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { windowSettings } from './window-settings';
import { findWindowCut } from '../../links/find-window-cut';
import { fitsBound } from '../../plan/fits-bound';
import { planWindow, type WindowSettings } from './plan-window';
import { planWindowSuffix } from './plan-window-suffix';
import { replayWindow } from './replay-window';

/** The `sliding-window` strategy's config (seed 001). */
export interface SlidingWindowConfig extends CommonPruneOptions {
  strategy: 'sliding-window';
}

/** Keep the most recent messages (and the pinned ones); older ones are dropped. Seed 001's first strategy. */
export const slidingWindowStrategy = defineStrategy({
  id: 'sliding-window',
  label: 'Sliding window',
  description: 'Keeps the most recent messages (and the pinned ones) and drops the rest; a cut never separates a tool call from its result.',
  bounds: ['maxTurns', 'maxTokens'],
  needsBound: true,
  honoursPins: true,
  options: [],
  normalize: (config: SlidingWindowConfig): WindowSettings => windowSettings(config, 'sliding-window'),
  plan: (analysis, settings) => planWindow(analysis, 'sliding-window', settings),
  // Only the kept suffix and what it links to need reading, so a long clean transcript costs what is kept.
  prune: (messages, bound) => {
    if (bound.pinned !== undefined && bound.pinned.length > 0) return undefined;
    const cut = bound.maxTokens === Infinity ? findWindowCut(messages, bound.maxTurns) : -1;
    return cut >= 0 ? messages.slice(cut) : undefined;
  },
  // A token bound: the same plan from the kept suffix and a margin below it.
  planSuffix: (messages, settings) => planWindowSuffix(messages, 'sliding-window', settings),
  keepsEverything: fitsBound,
  // The cut found over each request's context, O(log n) per request.
  replay: { stateless: (context, planner) => replayWindow(context, planner) },
});
