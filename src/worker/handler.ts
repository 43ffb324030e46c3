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
import { openConversation, summarize, type Doc, type DocBase } from './doc';
import { fingerprintOf } from './open-options';
import { isSlow, keepOnly, lanePlan, toResult } from './plan-lanes';
import { laneVerdict } from './verdicts';
import { exportText } from './export-text';
import { countExactly, type EncodingChoice } from './exact-tokens';
import { usageSummary } from './explain';
import { buildRows } from './rows';
import { errorInfo, messageDetail, readSource, searchDoc } from './queries';
import { clampBudget, defaultBudget, planKey, type PlanRequest } from './lanes';
import { transferablesOf } from './transferables';
import type { LoadPlanRequest, PlanResult, WorkerRequest, WorkerResponse } from './protocol';

export type Post = (response: WorkerResponse, transfer: Transferable[]) => void;

export interface HandlerOptions {
  /** Delay before running the validator after a plan; longer for big transcripts so dragging stays fluid. */
  verdictDelay?: (count: number) => number;
}

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export function createPruneHandler(post: Post, options: HandlerOptions = {}): (request: WorkerRequest) => void {
  let doc: Doc | undefined;
  let nextDocId = 1;
  let latestLoad = 0;
  let planGeneration = 0;
  let planRequestId = 0;
  let lastRequest: PlanRequest | undefined;
  let countGeneration = 0;
  // The validator waits until the bound settles: while dragging, only fates are computed.
  const verdictDelay = options.verdictDelay ?? ((count: number) => (count > 2_000 ? 250 : 60));

  const send = (response: WorkerResponse): void => post(response, transferablesOf(response));

  function currentDoc(id: number, docId: number): Doc | undefined {
    if (doc && doc.docId === docId) return doc;
    send({ type: 'error', id, message: 'That transcript is no longer loaded.' });
    return undefined;
  }


  /** Plans every lane: the quick ones now (returned), the slow ones and the verdicts later, unless superseded. */
  function planLanes(id: number, d: Doc, request: PlanRequest): PlanResult[] {
    const generation = ++planGeneration;
    planRequestId = id;
    lastRequest = request;
    keepOnly(d, request);
    const quick: PlanResult[] = [];
    const later = [];
    for (const lane of request.lanes) {
      if (isSlow(lane)) {
        later.push(lane);
        continue;
      }
      const result = tryLane(id, d, lane, request);
      if (result) quick.push(result);
    }
    void (async () => {
      for (const lane of later) {
        await yieldToEvents();
        if (generation !== planGeneration || doc !== d) return;
        const result = tryLane(id, d, lane, request);
        if (result) send({ type: 'planned', id, docId: d.docId, plans: [result] });
      }
      setTimeout(() => {
        if (generation !== planGeneration || doc !== d) return;
        const verdicts = [];
        for (const lane of request.lanes) {
          try {
            const { key, plan } = lanePlan(d, lane, request);
            verdicts.push(laneVerdict(d, lane.id, key, plan));
          } catch {
            // The lane's error was reported when it was planned.
          }
        }
        send({ type: 'verdicts', id, docId: d.docId, verdicts });
      }, verdictDelay(d.messages.length));
    })();
    return quick;
  }

  function tryLane(id: number, d: Doc, lane: PlanRequest['lanes'][number], request: PlanRequest): PlanResult | undefined {
    try {
      const { key, plan } = lanePlan(d, lane, request);
      return toResult(d, lane, key, plan);
    } catch (error) {
      let key: string;
      try {
        key = planKey(lane, request.budget, request.pinned);
      } catch {
        key = `${String(lane.strategy)}|unknown`;
      }
      send({ type: 'lane-error', id, docId: d.docId, laneId: lane.id, key, message: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  }

  function loaded(id: number, d: Doc, asked: LoadPlanRequest, encoding: EncodingChoice): void {
    const rows = buildRows(d.messages, d.analysis, d.conversation.annotations);
    const total = d.analysis.suffixTokens[0] as number;
    const budget = asked.budget ? clampBudget(asked.budget, d.messages.length, total) : defaultBudget(d.messages.length, total, asked.unit);
    // The quick plans go with the rows, so the first paint already shows every quick lane.
    const request: PlanRequest = { ...asked, budget, epoch: d.epoch };
    const plans = planLanes(id, d, request);
    send({ type: 'loaded', id, doc: summarize(d), rows, budget, plans });
    if (encoding !== 'chars') void recount(id, d, encoding);
  }

  /** Exact counts after the first paint; then every lane again, for the request the client last made. */
  async function recount(id: number, d: Doc, encoding: EncodingChoice): Promise<void> {
    const generation = ++countGeneration;
    const wanted = () => generation === countGeneration && doc === d;
    try {
      const counted = await countExactly(d, encoding, (fraction) => send({ type: 'count-progress', id, docId: d.docId, fraction }), wanted);
      if (!counted || !wanted()) return;
      send({
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
      if (lastRequest) {
        const request = { ...lastRequest, epoch: d.epoch };
        send({ type: 'planned', id: planRequestId, docId: d.docId, plans: planLanes(planRequestId, d, request) });
      }
    } catch (error) {
      send({ type: 'count-progress', id, docId: d.docId, fraction: 1, error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function load(request: Extract<WorkerRequest, { type: 'load' }>): Promise<void> {
    const { id } = request;
    latestLoad = id;
    let fileName = request.source.fileName ?? 'transcript';
    try {
      const source = await readSource(request.source, (bytes) => send({ type: 'progress', id, phase: 'reading', ...(bytes !== undefined ? { bytes } : {}) }));
      fileName = source.fileName;
      if (latestLoad !== id) return;
      send({ type: 'progress', id, phase: 'parsing', bytes: source.text.length });
      await yieldToEvents();
      if (latestLoad !== id) return;
      const parsed = parseTranscript(source.text, { fileName, origin: request.source.kind === 'text' ? 'paste' : 'file' });
      send({ type: 'progress', id, phase: 'analyzing' });
      await yieldToEvents();
      if (latestLoad !== id) return;
      const base: DocBase = {
        docId: nextDocId++,
        fileName,
        bytes: source.text.length,
        fingerprint: fingerprintOf(source.text),
        parsed,
        // Some formats (Codex rollouts) record what their requests cost on lines that are not messages: keep the text.
        ...(getFormat(parsed.format).recordedUsage?.fromText === true ? { sourceText: source.text } : {}),
      };
      const next = openConversation(base, request.conversation ?? 0, request.open);
      if (latestLoad !== id) return;
      doc = next;
      loaded(id, next, request.plan, request.open?.encoding ?? 'auto');
    } catch (error) {
      if (latestLoad !== id) return;
      send({ type: 'load-error', id, error: errorInfo(error, fileName) });
    }
  }

  function reopen(request: Extract<WorkerRequest, { type: 'open' }>): void {
    const d = currentDoc(request.id, request.docId);
    if (!d) return;
    latestLoad = request.id;
    const base: DocBase = { docId: nextDocId++, fileName: d.fileName, bytes: d.bytes, fingerprint: d.fingerprint, parsed: d.parsed, ...(d.sourceText !== undefined ? { sourceText: d.sourceText } : {}) };
    doc = openConversation(base, request.conversation, request.open);
    loaded(request.id, doc, request.plan, request.open.encoding ?? 'auto');
  }



  function search(request: Extract<WorkerRequest, { type: 'search' }>): void {
    const d = currentDoc(request.id, request.docId);
    if (!d) return;
    send({ type: 'search-result', id: request.id, docId: d.docId, query: request.query, matches: searchDoc(d, request.query) });
  }

  function detail(request: Extract<WorkerRequest, { type: 'detail' }>): void {
    const d = currentDoc(request.id, request.docId);
    if (!d) return;
    const result = messageDetail(d, request.index);
    if (result) send({ type: 'detail', id: request.id, docId: d.docId, detail: result });
    else send({ type: 'error', id: request.id, message: `No message ${request.index}.` });
  }

  function exportLane(request: Extract<WorkerRequest, { type: 'export' }>): void {
    const d = currentDoc(request.id, request.docId);
    if (!d) return;
    const lane = request.plan.lanes.find((l) => l.id === request.laneId);
    if (!lane) throw new Error(`No lane ${request.laneId} to export.`);
    const { plan } = lanePlan(d, lane, request.plan);
    send({ type: 'exported', id: request.id, docId: d.docId, result: exportText(d, plan, lane, request.plan) });
  }

  return (request: WorkerRequest): void => {
    try {
      switch (request.type) {
        case 'load':
          void load(request);
          return;
        case 'open':
          reopen(request);
          return;
        case 'plan': {
          const d = currentDoc(request.id, request.docId);
          if (!d) return;
          send({ type: 'planned', id: request.id, docId: d.docId, plans: planLanes(request.id, d, request.plan) });
          return;
        }
        case 'set-encoding': {
          const d = currentDoc(request.id, request.docId);
          if (!d) return;
          lastRequest = request.plan;
          void recount(request.id, d, request.encoding);
          return;
        }
        case 'cancel':
          if (request.id === latestLoad) latestLoad = -1;
          if (request.id === planRequestId) planGeneration++;
          return;
        case 'search':
          search(request);
          return;
        case 'detail':
          detail(request);
          return;
        case 'export':
          exportLane(request);
          return;
        default: {
          const unknown: never = request;
          throw new Error(`Unknown request ${JSON.stringify(unknown)}`);
        }
      }
    } catch (error) {
      send({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
    }
  };
}
