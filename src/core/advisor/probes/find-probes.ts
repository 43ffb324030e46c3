import type { Message } from '../../types';
import type { Probe } from './types';
import { findScorecardFacts } from '../../scorecard/find-scorecard-facts';
import { findUserPrompts } from '../../text/find-user-prompts';
import { compactSummaryText } from '../../text/compact-summary-text';
import { shortenText } from '../../summary/shorten-text';
import { findErrorFact } from './find-error-fact';
import { findPlanProbe } from './find-plan-probe';
import { findReferencedResults } from './find-referenced-results';

const FACT_CHARS = 120;

/**
 * Every probe of a transcript, deterministic, ordered by message then id: the task (weight 3) and each later
 * request a person typed (2), each file a tool read or changed (1), the last todo list (2), each message holding a
 * failed tool result (1), and each result a later message refers to (1). The task, requests, errors and files are
 * the scorecard's own readers (`findScorecardFacts`), so probes and scorecard never disagree on what they count.
 * O(n).
 */
export function findProbes(messages: readonly Message[]): Probe[] {
  const facts = findScorecardFacts(messages);
  const prompts = findUserPrompts(messages);
  const probes: Probe[] = [];
  if (facts.task >= 0) {
    const text = prompts.texts.get(facts.task) ?? compactSummaryText(messages[facts.task] as Message) ?? '';
    probes.push({ id: 'task', family: 'recall', kind: 'task', messageIndex: facts.task, messages: [facts.task], site: 'text', fact: shortenText(text, FACT_CHARS), weight: 3 });
  }
  for (const i of facts.prompts) {
    if (i === facts.task) continue;
    probes.push({ id: `request:${i}`, family: 'recall', kind: 'request', messageIndex: i, messages: [i], site: 'text', fact: shortenText(prompts.texts.get(i) ?? '', FACT_CHARS), weight: 2 });
  }
  for (const [path, at] of facts.files) {
    probes.push({ id: `file:${path}`, family: 'artifact', kind: 'file', messageIndex: at[0] as number, messages: at, site: 'call', fact: path, weight: 1 });
  }
  const plan = findPlanProbe(messages);
  if (plan !== undefined) probes.push(plan);
  for (const i of facts.errors) {
    probes.push({ id: `error:${i}`, family: 'decision', kind: 'error', messageIndex: i, messages: [i], site: 'result', fact: findErrorFact(messages[i] as Message), weight: 1 });
  }
  probes.push(...findReferencedResults(messages, new Set(facts.errors)));
  return probes.sort((a, b) => a.messageIndex - b.messageIndex || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
