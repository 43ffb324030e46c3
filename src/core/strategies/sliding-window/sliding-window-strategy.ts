import type { CommonPruneOptions } from '../types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../prune/check-bound';
import { findWindowCut } from '../../links/find-window-cut';
import { planWindow } from './plan-window';

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
});
