import type { Message } from '../../types';
import type { StrategyPlan } from '../../plan/types';
import type { Probe } from '../probes/types';
import type { AbortSignalLike } from '../../summary/types';
import type { CompleteFn, ModelProbeReport, ModelProbeResult } from './types';
import { probePrompts } from './probe-prompts';
import { answerHoldsFact } from './answer-holds-fact';

/**
 * Probes answered by a model of the user's own: for each kind of probe (`probePrompts`), the question is asked of
 * the full context and of the pruned one through `complete`, one request at a time. A probe whose fact the full
 * context's answer holds is kept when the pruned context's answer holds it too, else lost; one the full answer
 * lacks is `unanswerable` (the model could not say it even with everything) and left out of the loss.
 *
 * Judged by the fact, not by the model: the facts are short exact strings (paths, error lines, a request's words)
 * the questions ask to be quoted, so a string match is deterministic, free, and not swayed by a judge's leniency;
 * the full context's answer is the control. A failed request rejects with its error: nothing is half-reported.
 */
export async function askProbes(
  messages: readonly Message[],
  plan: StrategyPlan,
  probes: readonly Probe[],
  complete: CompleteFn,
  options: { signal?: AbortSignalLike; onProgress?: (done: number, total: number) => void } = {},
): Promise<ModelProbeReport> {
  if (typeof complete !== 'function') throw new TypeError(`askProbes: complete must be a function, got ${typeof complete}`);
  const prompts = probePrompts(messages, plan, probes);
  const byId = new Map(probes.map((probe) => [probe.id, probe]));
  const results: ModelProbeResult[] = [];
  const answers: ModelProbeReport['answers'] = [];
  const total = prompts.length * 2;
  let requests = 0;
  const send = async (user: string, system: string): Promise<string> => {
    const text = await complete(system, user, options.signal === undefined ? {} : { signal: options.signal });
    if (typeof text !== 'string') throw new TypeError(`askProbes: complete returned ${typeof text}, expected a string`);
    requests++;
    options.onProgress?.(requests, total);
    return text;
  };
  for (const prompt of prompts) {
    const full = await send(prompt.full, prompt.system);
    const pruned = await send(prompt.pruned, prompt.system);
    answers.push({ kind: prompt.kind, question: prompt.question, full, pruned });
    for (const id of prompt.probeIds) {
      const probe = byId.get(id) as Probe;
      const verdict = !answerHoldsFact(full, probe) ? 'unanswerable' : answerHoldsFact(pruned, probe) ? 'kept' : 'lost';
      results.push({ probeId: id, kind: probe.kind, fact: probe.fact, verdict });
    }
  }
  let weight = 0;
  let lostWeight = 0;
  for (const result of results) {
    if (result.verdict === 'unanswerable') continue;
    const w = (byId.get(result.probeId) as Probe).weight;
    weight += w;
    if (result.verdict === 'lost') lostWeight += w;
  }
  const count = (verdict: ModelProbeResult['verdict']) => results.filter((r) => r.verdict === verdict).length;
  return { results, kept: count('kept'), lost: count('lost'), unanswerable: count('unanswerable'), loss: weight === 0 ? 0 : lostWeight / weight, answers, requests };
}
