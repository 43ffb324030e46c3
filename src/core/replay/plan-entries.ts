import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import type { StrategyPlan } from '../strategies/types';
import type { PruneConfig } from '../strategies/registry';
import { analyzeTranscript } from '../prune/analyze-transcript';
import { planPrune } from '../prune/plan-prune';
import type { ContextEntry } from './items-from-plan';

/**
 * A strategy's plan for what a request would send: the messages with their counts as that request counts them.
 * Pins name transcript messages; each is moved to where that message is, as it is, among `entries`.
 */
export function planEntries(messages: readonly Message[], entries: readonly ContextEntry[], config: PruneConfig, counter: TokenCounter): StrategyPlan {
  const tokens = new Float64Array(entries.length);
  for (let k = 0; k < entries.length; k++) tokens[k] = (entries[k] as ContextEntry).tokens;
  const analysis = analyzeTranscript(messages, { tokens, counter });
  let planned = config;
  if (config.pinned !== undefined) {
    const wanted = new Set(config.pinned);
    const pinned: number[] = [];
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[k] as ContextEntry;
      if (typeof entry.key === 'number' && wanted.has(entry.source)) pinned.push(k);
    }
    planned = { ...config, pinned };
  }
  return planPrune(analysis, planned);
}
