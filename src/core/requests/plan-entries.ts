import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import type { StrategyPlan } from '../plan/types';
import { analyzeTranscript } from '../plan/analyze-transcript';
import type { ContextEntry } from './items-from-plan';
import type { ReplayPlanner } from './replay-context';

/**
 * A strategy's plan for what a request would send: the messages with their counts as that request counts them.
 * Pins name transcript messages; each is moved to where that message is, as it is, among `entries`.
 */
export function planEntries(messages: readonly Message[], entries: readonly ContextEntry[], planner: ReplayPlanner, counter: TokenCounter): StrategyPlan {
  const tokens = new Float64Array(entries.length);
  for (let k = 0; k < entries.length; k++) tokens[k] = (entries[k] as ContextEntry).tokens;
  const analysis = analyzeTranscript(messages, { tokens, counter });
  let pinned: number[] | undefined;
  if (planner.config.pinned !== undefined) {
    const wanted = new Set(planner.config.pinned);
    pinned = [];
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[k] as ContextEntry;
      if (typeof entry.key === 'number' && wanted.has(entry.source)) pinned.push(k);
    }
  }
  return planner.plan(analysis, pinned);
}
