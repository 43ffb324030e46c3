import type { Message } from '../../types';
import type { StrategyPlan } from '../../plan/types';
import type { Probe, ProbeKind } from '../probes/types';
import type { ProbePrompt } from './types';
import { applyPrunePlan } from '../../plan/apply-prune-plan';
import { renderTurnsForModel } from '../../model/render-turns-for-model';

/** The instructions every probe question is sent with: answer from the conversation only, quoting. */
export const PROBE_SYSTEM_PROMPT =
  'You answer a question about the conversation between a user and a coding agent given to you, using only what that conversation says. ' +
  'Quote names, paths, commands and error lines exactly as they appear. If the conversation does not say, answer "not in the conversation". Answer briefly, one item per line.';

/** One question per kind: a transcript has dozens of file probes, and one question lists them all. */
const QUESTIONS: Record<ProbeKind, string> = {
  task: 'What did the user first ask the agent to do? Quote the opening words of that request.',
  request: 'List every request the user made after the first one, quoting the opening words of each.',
  file: 'List the path of every file the agent read, wrote or edited, one per line, as written.',
  plan: "What is the agent's latest plan or todo list? Quote its items.",
  error: 'Which commands or tool calls failed? Quote the first line of each error.',
  reference: 'List the identifiers, paths and values from tool results that the agent used later, one per line, as written.',
};
const ORDER: readonly ProbeKind[] = ['task', 'request', 'file', 'plan', 'error', 'reference'];

/** Each rendered block is cut to this many characters (its start and end kept), as model summaries cut them. */
const BLOCK_CHARS = 4_000;

/**
 * The requests `askProbes` would send, to show them before anything is sent: per kind of probe present, one question
 * asked of the full context and of the pruned one (the plan's output: kept and masked messages, its summaries),
 * each rendered as the model summarizer renders turns.
 */
export function probePrompts(messages: readonly Message[], plan: StrategyPlan, probes: readonly Probe[]): ProbePrompt[] {
  const kinds = ORDER.filter((kind) => probes.some((probe) => probe.kind === kind));
  if (kinds.length === 0) return [];
  const full = renderTurnsForModel(messages, BLOCK_CHARS);
  const pruned = renderTurnsForModel(applyPrunePlan(messages, plan), BLOCK_CHARS);
  const ask = (conversation: string, question: string) => `<conversation>\n${conversation}\n</conversation>\n\nQuestion: ${question}`;
  return kinds.map((kind) => ({
    kind,
    question: QUESTIONS[kind],
    system: PROBE_SYSTEM_PROMPT,
    full: ask(full, QUESTIONS[kind]),
    pruned: ask(pruned, QUESTIONS[kind]),
    probeIds: probes.filter((probe) => probe.kind === kind).map((probe) => probe.id),
  }));
}
