/**
 * A lane's probes answered by a model of the user's own, in the worker that holds the transcript: the questions
 * first (shown before anything is sent), then the answers with progress, cancellable. The lane is judged as it is
 * shown: with the model's summaries where the model wrote them.
 */
import { askProbes, createModelSummarizer, findProbes, probePrompts, scoreProbes, type Probe, type PrunePlan } from '../core';
import type { Doc } from './doc';
import type { ModelLanes } from './model-lanes';
import { modelSummarizerOptions } from './model-options';
import { lanePlan, modelLaneRef } from './plan-lanes';
import type { ProbePromptInfo, ProbesAnswer, WorkerRequest, WorkerResponse } from './protocol';

const PREVIEW_CHARS = 20_000;

type ProbeRequest = Extract<WorkerRequest, { type: 'probe-prompts' | 'ask-probes' }>;

/** The lane's plan as shown, and the transcript's probes (found once per transcript). */
function laneAndProbes(d: Doc & { probes?: Probe[] }, models: ModelLanes, request: ProbeRequest): { plan: PrunePlan; probes: Probe[] } {
  const lane = request.plan.lanes.find((l) => l.id === request.laneId);
  if (!lane) throw new Error(`No lane ${request.laneId}.`);
  const plan = models.apply(modelLaneRef(d, lane, lanePlan(d, lane, request.plan).plan)).plan;
  d.probes ??= findProbes(d.messages);
  return { plan, probes: d.probes };
}

/** The questions, as `probe-prompts` answers them. */
function probePromptInfo(d: Doc, models: ModelLanes, request: Extract<WorkerRequest, { type: 'probe-prompts' }>): ProbePromptInfo[] {
  const { plan, probes } = laneAndProbes(d, models, request);
  return probePrompts(d.messages, plan, probes).map((prompt) => ({
    kind: prompt.kind,
    question: prompt.question,
    system: prompt.system,
    probes: prompt.probeIds.length,
    fullChars: prompt.full.length,
    prunedChars: prompt.pruned.length,
    prunedPreview: prompt.pruned.length > PREVIEW_CHARS ? `${prompt.pruned.slice(0, PREVIEW_CHARS)}…` : prompt.pruned,
  }));
}

/** Asks the model; resolves with the answer, or rejects with the model's error (or an abort). */
async function answerProbes(d: Doc, models: ModelLanes, request: Extract<WorkerRequest, { type: 'ask-probes' }>, signal: AbortSignal, send: (response: WorkerResponse) => void): Promise<ProbesAnswer> {
  const { plan, probes } = laneAndProbes(d, models, request);
  // Answers are short lists: a small cap keeps a chatty model from writing essays.
  const model = createModelSummarizer(modelSummarizerOptions(request.model, { maxTokens: 1_000 }));
  const report = await askProbes(d.messages, plan, probes, model.complete, {
    signal,
    onProgress: (done, total) => send({ type: 'probe-progress', id: request.id, done, total }),
  });
  const rule = scoreProbes(probes, plan);
  const verdicts = new Map(report.results.map((r) => [r.probeId, r.verdict]));
  return {
    laneId: request.laneId,
    model: model.model,
    probes: probes.map((probe, k) => ({ id: probe.id, kind: probe.kind, fact: probe.fact, rule: rule.fates[k] ?? 'lost', model: verdicts.get(probe.id) ?? 'unanswerable' })),
    ruleLoss: rule.loss,
    modelLoss: report.loss,
    requests: report.requests,
  };
}

/** Answers `probe-prompts` at once, and `ask-probes` when the model has answered (or with its error); `runs` holds what `cancel` aborts. */
export function handleProbeRequest(d: Doc, models: ModelLanes, request: ProbeRequest, runs: Map<number, AbortController>, send: (response: WorkerResponse) => void): void {
  if (request.type === 'probe-prompts') {
    send({ type: 'probe-prompts', id: request.id, docId: d.docId, prompts: probePromptInfo(d, models, request) });
    return;
  }
  const abort = new AbortController();
  runs.set(request.id, abort);
  void answerProbes(d, models, request, abort.signal, send)
    .then((answer) => send({ type: 'probes-answered', id: request.id, docId: d.docId, answer }))
    .catch((error: unknown) => send({ type: 'error', id: request.id, message: abort.signal.aborted ? 'Stopped.' : error instanceof Error ? error.message : String(error) }))
    .finally(() => runs.delete(request.id));
}
