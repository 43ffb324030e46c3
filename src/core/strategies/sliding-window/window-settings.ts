import { checkBound } from '../../plan/check-bound';
import type { WindowSettings } from './plan-window';

/**
 * A window strategy's settings from its config, as one object literal: V8 holds the map of a literal strongly, and
 * that of a spread copy weakly, so after a full GC a spread copy's map is gone and the plan's optimized code with it
 * (the adapters benchmark measured 1.6–1.8× the steady-state call after a forced GC).
 */
export function windowSettings(config: { maxTurns?: number; maxTokens?: number; pinned?: readonly number[] }, strategy: string): WindowSettings {
  const { maxTurns, maxTokens } = checkBound(config, strategy, true);
  return { maxTurns, maxTokens, pinned: config.pinned ?? [] };
}
