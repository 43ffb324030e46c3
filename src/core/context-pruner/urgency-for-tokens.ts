import type { PruneUrgency } from './types';

/**
 * The urgency rule, in one place: a limit is the most a window may hold, so exactly at the soft limit nothing is
 * due; above it `soft`; above the hard limit `hard`.
 */
export function urgencyForTokens(totalTokens: number, softLimitTokens: number, hardLimitTokens: number): PruneUrgency {
  if (totalTokens > hardLimitTokens) return 'hard';
  if (totalTokens > softLimitTokens) return 'soft';
  return 'none';
}
