import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../plan/check-bound';
import { findWindowCut } from '../../links/find-window-cut';
import { fitsBound } from '../../plan/fits-bound';
import { planWindow } from './plan-window';
import { replayWindow } from './replay-window';

/** The `sliding-window` strategy's config (seed 001). */
export interface SlidingWindowConfig extends CommonPruneOptions {
  strategy: 'sliding-window';
}

/** Keep the most recent messages; older ones are dropped. Seed 001's first strategy. */
export const slidingWindowStrategy = defineStrategy({
  id: 'sliding-window',
  label: 'Sliding window',
  description: 'Keeps the most recent messages and drops the rest; a cut never separates a tool call from its result.',
  bounds: ['maxTurns', 'maxTokens'],
  needsBound: true,
  honoursPins: false,
  options: [],
  normalize: (config: SlidingWindowConfig) => checkBound(config, 'sliding-window', true),
  plan: (analysis, bound) => planWindow(analysis, 'sliding-window', bound),
  // Only the kept suffix and what it links to need reading, so a long clean transcript costs what is kept.
  prune: (messages, bound) => {
    const cut = bound.maxTokens === Infinity ? findWindowCut(messages, bound.maxTurns) : -1;
    return cut >= 0 ? messages.slice(cut) : undefined;
  },
  keepsEverything: fitsBound,
  // The cut found over each request's context, O(log n) per request.
  replay: { stateless: (context, planner) => replayWindow(context, planner) },
});
