import type { Message } from '../../types';
import type { Probe } from './types';
import { findScorecardFacts } from './find-scorecard-facts';
import { findPlanProbe } from './find-plan-probe';
import { findReferencedResults } from './find-referenced-results';

/**
 * Every probe of a transcript, deterministic, ordered by message then id: the task (weight 3) and each later
 * request a person typed (2), each file a tool read or changed (1), the last todo list (2), each message holding a
 * failed tool result (1), and each result a later message refers to (1). The task, requests, errors and files are
 * the scorecard's own probes (`findScorecardFacts`), so probes and scorecard never disagree on what they count.
 * O(n).
 */
export function findProbes(messages: readonly Message[]): Probe[] {
  const facts = findScorecardFacts(messages);
  const probes: Probe[] = [...facts.probes];
  const plan = findPlanProbe(messages);
  if (plan !== undefined) probes.push(plan);
  probes.push(...findReferencedResults(messages, new Set(facts.errors)));
  return probes.sort((a, b) => a.messageIndex - b.messageIndex || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
