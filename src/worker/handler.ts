/**
 * The worker's logic, free of `self`: it holds the loaded transcript and its analysis, and answers requests.
 * `prune.worker.ts` wires it to `onmessage`; the client can also run it on the main thread when no Worker exists.
 *
 * Loads are cooperative: between phases the handler yields to the event loop, and a load that a newer one (or a
 * `cancel`) has superseded stops there without answering. A plan answers the quick lanes at once; slow lanes follow
 * one by one, each after a yield, and the validator's verdicts after the bound settles; a newer plan or a cancel
 * stops what is left of the older one.
 */
import { getFormat, parseTranscript } from '../core';
import { describeDoc, openConversation, type Doc, type DocBase } from './doc';
import { fingerprintOf } from './open-options';
import { isSlow, keepOnly, lanePlan, modelLaneResult, scoreLater, type LaterScores } from './plan-lanes';
import { createModelLanes, type ModelLanes } from './model-lanes';
import { handleProbeRequest } from './probe-requests';
import { settleModelSummaries } from './settle-model';
import { laneVerdict } from './verdicts';
import { countExactly, warmCounting, warmSpare, type EncodingChoice } from './exact-tokens';
import { usageSummary } from './explain';
import { buildRows } from './rows';
import { errorInfo, readSource } from './queries';
import { answerDocQuery } from './doc-queries';
import { clampBudget, defaultBudget, planKey, type PlanRequest } from './lanes';
import { transferablesOf } from './transferables';
import { timePhase, timePhaseAsync } from './phase-timing';
import type { LoadPlanRequest, PlanResult, WorkerRequest, WorkerResponse } from './protocol';

export type Post = (response: WorkerResponse, transfer: Transferable[]) => void;

export interface HandlerOptions {
  /** Delay before running the validator after a plan; longer for big transcripts so dragging stays fluid. */
  verdictDelay?: (count: number) => number;
  /**
   * How long a bound must stay still before the slow lanes are planned. A slow lane runs in one go (100–600 ms at
   * 50k messages): started between two moves of a drag, the next move's quick lanes would wait behind it.
   */
  slowDelay?: (count: number) => number;
  /** How long a bound must stay still before a model of the user's own is asked for the lanes' summaries. */
  modelSettleMs?: number;
  /** The lanes' model summaries (a fake in tests). */
  models?: ModelLanes;
}

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** What the handler holds between requests: the open transcript, and which load and plan are the latest. */
interface HandlerState {
  send(response: WorkerResponse): void;
  verdictDelay(count: number): number;
  slowDelay(count: number): number;
  doc: Doc | undefined;
  latestLoad: number;
  /** Bumped by every plan and by a cancel of the latest: slow lanes and verdicts of an older one stop. */
  planGeneration: number;
  planRequestId: number;
  /** The plan the client asked for last, planned again when exact counts arrive. */
  lastRequest: PlanRequest | undefined;
  countGeneration: number;
  /** Summaries by a model of the user's own, asked once a bound settles. */
  models: ModelLanes;
  modelSettleMs: number;
  modelTimer: ReturnType<typeof setTimeout> | undefined;
  /** Model-answered probes on their way, by request id, for `cancel`. */
  probeRuns: Map<number, AbortController>;
}

export function createPruneHandler(post: Post, options: HandlerOptions = {}): (request: WorkerRequest) => void {
  const h: HandlerState = {
    send: (response) => post(response, transferablesOf(response)),
    // The validator waits until the bound settles: while dragging, only fates are computed.
    verdictDelay: options.verdictDelay ?? ((count: number) => (count > 2_000 ? 250 : 60)),
    // Longer than the gap between two moves of a drag (16–33 ms): while dragging, only the quick lanes plan.
    slowDelay: options.slowDelay ?? ((count: number) => (count > 2_000 ? 40 : 0)),
    doc: undefined,
    latestLoad: 0,
    planGeneration: 0,
    planRequestId: 0,
    lastRequest: undefined,
    countGeneration: 0,
    models: options.models ?? createModelLanes(),
    // Long enough that a drag sends nothing until it stops; short enough to feel like an answer to letting go.
    modelSettleMs: options.modelSettleMs ?? 600,
    modelTimer: undefined,
    probeRuns: new Map(),
  };
  return (request) => {
    try {
      dispatch(h, request);
    } catch (error) {
      h.send({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
    }
  };
}

function dispatch(h: HandlerState, request: WorkerRequest): void {
  switch (request.type) {
    case 'load':
      void load(h, request);
      return;
    case 'open':
      reopen(h, request);
      return;
    case 'plan': {
      const d = currentDoc(h, request.id, request.docId);
      if (!d) return;
      // The lanes' fates first: their scorecards (a few ms at 50k messages) follow in a message of their own, read
      // by the lane headers alone, so the rows commit without waiting for them.
      const later: LaterScores = [];
      const plans = timePhase('plan-quick', () => planLanes(h, request.id, d, request.plan, false, later));
      timePhase('plan-post', () => h.send({ type: 'planned', id: request.id, docId: d.docId, plans }));
      if (later.length > 0) h.send({ type: 'scored', id: request.id, docId: d.docId, scores: timePhase('plan-scores', () => scoreLater(later)) });
      return;
    }
    case 'set-encoding': {
      const d = currentDoc(h, request.id, request.docId);
      if (!d) return;
      h.lastRequest = request.plan;
      void recount(h, request.id, d, request.encoding);
      return;
    }
    case 'cancel':
      h.probeRuns.get(request.id)?.abort();
      if (request.id === h.latestLoad) h.latestLoad = -1;
      if (request.id === h.planRequestId) h.planGeneration++;
      return;
    case 'search':
    case 'detail':
    case 'explain':
    case 'export': {
      const d = currentDoc(h, request.id, request.docId);
      if (d) answerDocQuery(d, h.models, request, h.send);
      return;
    }
    case 'probe-prompts':
    case 'ask-probes': {
      const d = currentDoc(h, request.id, request.docId);
      if (d) handleProbeRequest(d, h.models, request, h.probeRuns, h.send);
      return;
    }
    case 'warm':
      warmSpare(request.encoding);
      return;
    case 'set-model': {
      h.models.configure(request.model);
      const d = h.doc;
      // Every lane again: summaries turn to `asking` (or back to extractive), then the model is asked.
      if (d && h.lastRequest) h.send({ type: 'planned', id: h.planRequestId, docId: d.docId, plans: planLanes(h, h.planRequestId, d, h.lastRequest) });
      return;
    }
    default: {
      const unknown: never = request;
      throw new Error(`Unknown request ${JSON.stringify(unknown)}`);
    }
  }
}

function currentDoc(h: HandlerState, id: number, docId: number): Doc | undefined {
  if (h.doc && h.doc.docId === docId) return h.doc;
  h.send({ type: 'error', id, message: 'That transcript is no longer loaded.' });
  return undefined;
}

/**
 * Plans every lane: the quick ones now (returned), the slow ones and the verdicts later, unless superseded; with
 * `slowNow`, the slow ones now as well; with `scores`, the quick ones' scorecards are left for the caller to score.
 */
function planLanes(h: HandlerState, id: number, d: Doc, request: PlanRequest, slowNow = false, scores?: LaterScores): PlanResult[] {
  const generation = ++h.planGeneration;
  h.planRequestId = id;
  h.lastRequest = request;
  keepOnly(d, request);
  const quick: PlanResult[] = [];
  const later = [];
  for (const lane of request.lanes) {
    if (isSlow(lane) && !slowNow) {
      later.push(lane);
      continue;
    }
    const result = tryLane(h, id, d, lane, request, scores);
    if (result) quick.push(result);
  }
  void planLater(h, generation, id, d, later, request);
  settleModel(h);
  return quick;
}

/** Asks the model for the lanes' summaries once the bound has stayed still for `modelSettleMs` (a drag: once). */
function settleModel(h: HandlerState): void {
  settleModelSummaries(h, () => (h.doc && h.lastRequest ? { d: h.doc, request: h.lastRequest } : undefined), (d, lane, request) => {
    const result = tryLane(h, h.planRequestId, d, lane, request);
    if (result) h.send({ type: 'planned', id: h.planRequestId, docId: d.docId, plans: [result] });
  });
}

/**
 * The slow lanes one by one, the first once the bound has stayed still (`slowDelay`), each after a yield, then the
 * verdicts once the bound settles; stops when superseded.
 */
async function planLater(h: HandlerState, generation: number, id: number, d: Doc, later: PlanRequest['lanes'], request: PlanRequest): Promise<void> {
  const current = () => generation === h.planGeneration && h.doc === d;
  const settle = later.length > 0 ? h.slowDelay(d.messages.length) : 0;
  if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
  for (const lane of later) {
    await yieldToEvents();
    if (!current()) return;
    const result = tryLane(h, id, d, lane, request);
    if (result) h.send({ type: 'planned', id, docId: d.docId, plans: [result] });
  }
  await new Promise((resolve) => setTimeout(resolve, h.verdictDelay(d.messages.length)));
  // One lane's verdict per task: at 50k messages each validates the whole output (hundreds of milliseconds), and a
  // bound change arriving meanwhile must wait for one lane at most, not for all of them.
  for (const lane of request.lanes) {
    if (!current()) return;
    try {
      const { key, plan } = lanePlan(d, lane, request);
      h.send({ type: 'verdicts', id, docId: d.docId, verdicts: [timePhase(`verdict:${lane.strategy}`, () => laneVerdict(d, lane.id, key, plan))] });
    } catch {
      // The lane's error was reported when it was planned.
    }
    await yieldToEvents();
  }
}

/** One lane's plan, or its error said to the client (and undefined); with `later`, its scorecard is scored there. */
function tryLane(h: HandlerState, id: number, d: Doc, lane: PlanRequest['lanes'][number], request: PlanRequest, later?: LaterScores): PlanResult | undefined {
  try {
    const { key, plan } = timePhase(`plan:${lane.strategy}`, () => lanePlan(d, lane, request));
    return timePhase(`result:${lane.strategy}`, () => modelLaneResult(h.models, d, lane, key, plan, later));
  } catch (error) {
    let key: string;
    try {
      // The key the lane's plan would have had, epoch included: the client holds the error against it.
      key = planKey(lane, request.budget, request.pinned, d.epoch);
    } catch {
      key = `${String(lane.strategy)}|unknown`;
    }
    h.send({ type: 'lane-error', id, docId: d.docId, laneId: lane.id, key, message: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/** Up to this many messages, a load's first answer holds every lane's plan, the slow ones' too. */
const SLOW_WITH_FIRST_PAINT = 2_000;

/** Answers a load or a reopen: the rows and the quick plans together, then exact counts. */
function loaded(h: HandlerState, id: number, d: Doc, asked: LoadPlanRequest, encoding: EncodingChoice): void {
  const rows = timePhase('rows', () => buildRows(d.messages, d.analysis, d.conversation.annotations));
  const total = d.analysis.suffixTokens[0] as number;
  const budget = asked.budget ? clampBudget(asked.budget, d.messages.length, total) : defaultBudget(d.messages.length, total, asked.unit);
  // The quick plans go with the rows, so the first paint already shows every quick lane.
  const request: PlanRequest = { ...asked, budget, epoch: d.epoch };
  // A small transcript's slow lanes plan in a few milliseconds: they go with the first paint too, so no lane header
  // grows (and moves the timeline down) a moment after it.
  const plans = timePhase('load-plans', () => planLanes(h, id, d, request, d.messages.length <= SLOW_WITH_FIRST_PAINT));
  timePhase('post-loaded', () => h.send({ type: 'loaded', id, doc: describeDoc(d), rows, budget, plans }));
  if (encoding !== 'chars') void recount(h, id, d, encoding);
}

/** Exact counts after the first paint; then every lane again, for the request the client last made. */
async function recount(h: HandlerState, id: number, d: Doc, encoding: EncodingChoice): Promise<void> {
  const generation = ++h.countGeneration;
  const wanted = () => generation === h.countGeneration && h.doc === d;
  try {
    const counted = await timePhaseAsync('count', () => countExactly(d, encoding, (fraction) => h.send({ type: 'count-progress', id, docId: d.docId, fraction }), wanted));
    if (!counted || !wanted()) return;
    h.send({
      type: 'tokens',
      id,
      docId: d.docId,
      epoch: d.epoch,
      encoding: counted.encoding,
      ...(counted.fallback ? { fallback: counted.fallback } : {}),
      tokens: counted.tokens,
      totalTokens: d.analysis.suffixTokens[0] as number,
      systemTokens: d.systemTokens,
      ...(counted.usage || counted.total ? { usage: usageSummary(counted.usage, counted.total) } : {}),
    });
    if (h.lastRequest) {
      const request = { ...h.lastRequest, epoch: d.epoch };
      h.send({ type: 'planned', id: h.planRequestId, docId: d.docId, plans: timePhase('replan-counted', () => planLanes(h, h.planRequestId, d, request)) });
    }
  } catch (error) {
    h.send({ type: 'count-progress', id, docId: d.docId, fraction: 1, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Reads, parses and opens a transcript, yielding between phases; a newer load or a cancel stops it silently. */
async function load(h: HandlerState, request: Extract<WorkerRequest, { type: 'load' }>): Promise<void> {
  const { id } = request;
  h.latestLoad = id;
  const superseded = () => h.latestLoad !== id;
  let fileName = request.source.fileName ?? 'transcript';
  try {
    const source = await timePhaseAsync('read', () => readSource(request.source, (bytes) => h.send({ type: 'progress', id, phase: 'reading', ...(bytes !== undefined ? { bytes } : {}) })));
    fileName = source.fileName;
    if (superseded()) return;
    h.send({ type: 'progress', id, phase: 'parsing', bytes: source.text.length });
    await yieldToEvents();
    if (superseded()) return;
    const parsed = timePhase('parse', () => parseTranscript(source.text, { fileName, origin: request.source.kind === 'text' ? 'paste' : 'file' }));
    h.send({ type: 'progress', id, phase: 'analyzing' });
    warmCounting(parsed.conversations[request.conversation ?? 0]?.format ?? parsed.format, request.open?.encoding ?? 'auto');
    await yieldToEvents();
    if (superseded()) return;
    const base: DocBase = {
      // The id of the request that opened it: unique across the workers one client starts (a new file opens in a
      // fresh worker), so an answer about another transcript never matches the one on screen.
      docId: id,
      fileName,
      bytes: source.text.length,
      fingerprint: timePhase('fingerprint', () => fingerprintOf(source.text)),
      parsed,
      // Some formats (Codex rollouts) record what their requests cost on lines that are not messages: keep the text.
      ...(getFormat(parsed.format).recordedUsage?.fromText === true ? { sourceText: source.text } : {}),
    };
    const next = timePhase('analyze', () => openConversation(base, request.conversation ?? 0, request.open));
    if (superseded()) return;
    h.doc = next;
    loaded(h, id, next, request.plan, request.open?.encoding ?? 'auto');
  } catch (error) {
    if (superseded()) return;
    h.send({ type: 'load-error', id, error: errorInfo(error, fileName) });
  }
}

/** Another conversation, scope, repair or encoding of the file already read. */
function reopen(h: HandlerState, request: Extract<WorkerRequest, { type: 'open' }>): void {
  const d = currentDoc(h, request.id, request.docId);
  if (!d) return;
  h.latestLoad = request.id;
  const base: DocBase = { docId: request.id, fileName: d.fileName, bytes: d.bytes, fingerprint: d.fingerprint, parsed: d.parsed, ...(d.sourceText !== undefined ? { sourceText: d.sourceText } : {}) };
  h.doc = openConversation(base, request.conversation, request.open);
  loaded(h, request.id, h.doc, request.plan, request.open.encoding ?? 'auto');
}
