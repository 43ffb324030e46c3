import type { CommonPruneOptions } from '../types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../prune/check-bound';
import { findWindowCut } from '../../links/find-window-cut';
import { planWindow, type WindowSettings } from './plan-window';

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
  normalize: (config: SlidingWindowConfig): WindowSettings => ({ ...checkBound(config, 'sliding-window', true), pinned: config.pinned ?? [] }),
  plan: (analysis, settings) => planWindow(analysis, 'sliding-window', settings),
  // Only the kept suffix and what it links to need reading, so a long clean transcript costs what is kept.
  prune: (messages, bound) => {
    if (bound.pinned !== undefined && bound.pinned.length > 0) return undefined;
    const cut = bound.maxTokens === Infinity ? findWindowCut(messages, bound.maxTurns) : -1;
    return cut >= 0 ? messages.slice(cut) : undefined;
  },
});
