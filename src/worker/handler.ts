/**
 * The worker's logic, free of `self`: it holds the loaded transcript and its analysis, and answers requests.
 * `prune.worker.ts` wires it to `onmessage`; the client can also run it on the main thread when no Worker exists.
 *
 * Loads are cooperative: between phases the handler yields to the event loop, and a load that a newer one has
 * superseded stops there without answering. Verdicts (the validator) run after the fates are sent, and are
 * skipped when a newer plan arrived meanwhile.
 */
import {
  FATE,
  analyzeTranscript,
  applyPrunePlan,
  createSummaryMessage,
  messageTextLength,
  parseTranscript,
  planPrune,
  serializeTranscript,
  validateMessages,
  TranscriptParseError,
  type Message,
  type PrunePlan,
  type PruneStrategy,
  type TranscriptAnalysis,
} from '../core';
import type { Conversation, ParsedTranscript, Provider } from '../core';
import {
  STRATEGIES,
  clampMaxTurns,
  defaultMaxTurns,
  providerFor,
  transferablesOf,
  type DocSummary,
  type ExportResult,
  type LoadErrorInfo,
  type LoadSource,
  type MessageDetail,
  type PlanResult,
  type Verdict,
  type WorkerRequest,
  type WorkerResponse,
} from './protocol';
import { buildRows } from './rows';
import { detailBlocks, safeJson, searchableText } from './preview';

export type Post = (response: WorkerResponse, transfer: Transferable[]) => void;

interface Doc {
  docId: number;
  fileName: string;
  bytes: number;
  parsed: ParsedTranscript;
  conversationIndex: number;
  conversation: Conversation;
  messages: Message[];
  analysis: TranscriptAnalysis;
  provider: Provider;
  totalChars: number;
  searchText?: string[];
  /** The three strategies' plans for the bound last asked for: fates, verdicts and export all read them. */
  planned?: { maxTurns: number; plans: PrunePlan[] };
  /** Problems of the unpruned input, as `index\0rule`, and how many there are. */
  inputProblems?: Set<string>;
  inputProblemCount?: number;
}

export interface HandlerOptions {
  /** Delay before running the validator after a plan; longer for big transcripts so dragging stays fluid. */
  verdictDelay?: (count: number) => number;
}

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export function createPruneHandler(post: Post, options: HandlerOptions = {}): (request: WorkerRequest) => void {
  let doc: Doc | undefined;
  let nextDocId = 1;
  let latestLoad = 0;
  let verdictGeneration = 0;
  // The validator waits until the bound settles: while dragging, only fates are computed.
  const verdictDelay = options.verdictDelay ?? ((count: number) => (count > 2_000 ? 250 : 60));

  const send = (response: WorkerResponse): void => post(response, transferablesOf(response));

  function currentDoc(id: number, docId: number): Doc | undefined {
    if (doc && doc.docId === docId) return doc;
    send({ type: 'error', id, message: 'That transcript is no longer loaded.' });
    return undefined;
  }

  async function readSource(id: number, source: LoadSource): Promise<{ text: string; fileName: string }> {
    if (source.kind === 'text') return { text: source.text, fileName: source.fileName ?? 'pasted transcript' };
    if (source.kind === 'file') {
      send({ type: 'progress', id, phase: 'reading', bytes: source.file.size });
      return { text: await source.file.text(), fileName: source.fileName };
    }
    send({ type: 'progress', id, phase: 'reading' });
    const response = await fetch(source.url);
    if (!response.ok) throw new Error(`Could not fetch ${source.fileName}: HTTP ${response.status}`);
    return { text: await response.text(), fileName: source.fileName };
  }

  function openConversation(base: Omit<Doc, 'conversationIndex' | 'conversation' | 'messages' | 'analysis' | 'provider' | 'totalChars'>, index: number): Doc {
    const conversationIndex = Math.min(Math.max(0, index), base.parsed.conversations.length - 1);
    const conversation = base.parsed.conversations[conversationIndex] as Conversation;
    const messages = conversation.messages;
    const analysis = analyzeTranscript(messages);
    let totalChars = 0;
    for (let i = 0; i < analysis.count; i++) totalChars += analysis.textLength[i] as number;
    return {
      ...base,
      conversationIndex,
      conversation,
      messages,
      analysis,
      provider: providerFor(conversation.format ?? base.parsed.format),
      totalChars,
    };
  }

  function summary(d: Doc): DocSummary {
    const warnings = d.parsed.warnings;
    return {
      docId: d.docId,
      fileName: d.fileName,
      format: d.conversation.format ?? d.parsed.format,
      provider: d.provider,
      conversationIndex: d.conversationIndex,
      conversations: d.parsed.conversations.map((c) => ({ id: c.id, title: c.title, count: c.messages.length })),
      conversationTitle: d.conversation.title,
      warnings: warnings.slice(0, 200),
      warningCount: warnings.length,
      count: d.messages.length,
      totalChars: d.totalChars,
      pairCount: d.analysis.links.pairs.length,
      orphanCount: d.analysis.links.orphans.length,
      ...(typeof d.conversation.system === 'string' && d.conversation.system ? { system: d.conversation.system.slice(0, 50_000) } : {}),
      systemChars: typeof d.conversation.system === 'string' ? d.conversation.system.length : 0,
      bytes: d.bytes,
    };
  }

  function planAll(d: Doc, maxTurns: number): PrunePlan[] {
    if (d.planned?.maxTurns !== maxTurns) {
      d.planned = { maxTurns, plans: STRATEGIES.map((strategy) => planPrune(d.analysis, { strategy, maxTurns })) };
    }
    return d.planned.plans;
  }

  function plans(d: Doc, maxTurns: number): PlanResult[] {
    return planAll(d, maxTurns).map((plan) => {
      const { strategy } = plan;
      let keptChars = 0;
      const { fates } = plan;
      const lengths = d.analysis.textLength;
      for (let i = 0; i < fates.length; i++) if (fates[i] === FATE.kept) keptChars += lengths[i] as number;
      if (plan.summarized > 0) keptChars += messageTextLength(createSummaryMessage(plan.summarized));
      // A copy crosses to the main thread: transferring the plan's own buffer would empty the cached plan.
      return { strategy, fates: plan.fates.slice(), kept: plan.kept, dropped: plan.dropped, summarized: plan.summarized, keptChars };
    });
  }

  function scheduleVerdicts(id: number, d: Doc, maxTurns: number): void {
    const generation = ++verdictGeneration;
    setTimeout(() => {
      if (generation !== verdictGeneration || doc !== d) return;
      send({ type: 'verdicts', id, docId: d.docId, maxTurns, verdicts: verdicts(d, maxTurns) });
    }, verdictDelay(d.messages.length));
  }

  function verdicts(d: Doc, maxTurns: number): Verdict[] {
    if (d.inputProblems === undefined) {
      const found = validateMessages(d.messages, d.provider);
      d.inputProblems = new Set(found.map((p) => `${p.messageIndex}\u0000${p.rule}`));
      d.inputProblemCount = found.length;
    }
    const inputProblems = d.inputProblems;
    const inputProblemCount = d.inputProblemCount ?? inputProblems.size;
    return planAll(d, maxTurns).map((plan) => {
      const { strategy } = plan;
      const output = applyPrunePlan(d.messages, plan);
      const problems = validateMessages(output, d.provider);
      // Output index → input index: the summary (if any) first, then kept messages in order.
      const origin: number[] = plan.summarized > 0 ? [-1] : [];
      for (let i = 0; i < plan.fates.length; i++) if (plan.fates[i] === FATE.kept) origin.push(i);
      const mapped = problems.map((p) => {
        const messageIndex = origin[p.messageIndex] ?? -1;
        return {
          outputIndex: p.messageIndex,
          messageIndex,
          rule: p.rule,
          message: p.message,
          inherited: inputProblems.has(`${messageIndex}\u0000${p.rule}`),
        };
      });
      const added = mapped.filter((p) => !p.inherited);
      return {
        strategy,
        provider: d.provider,
        // New problems first: they are what pruning caused.
        problems: [...added, ...mapped.filter((p) => p.inherited)].slice(0, 50),
        problemCount: problems.length,
        addedCount: added.length,
        carriedCount: problems.length - added.length,
        inputProblemCount,
      };
    });
  }

  function loaded(id: number, d: Doc, requestedMaxTurns: number | undefined): void {
    const count = d.messages.length;
    const maxTurns = requestedMaxTurns === undefined ? defaultMaxTurns(count) : clampMaxTurns(requestedMaxTurns, count);
    const rows = buildRows(d.messages, d.analysis, d.conversation.annotations);
    send({ type: 'loaded', id, doc: summary(d), rows, maxTurns, plans: plans(d, maxTurns) });
    scheduleVerdicts(id, d, maxTurns);
  }

  async function load(request: Extract<WorkerRequest, { type: 'load' }>): Promise<void> {
    const { id } = request;
    latestLoad = id;
    let fileName = request.source.fileName ?? 'transcript';
    try {
      const source = await readSource(id, request.source);
      fileName = source.fileName;
      if (latestLoad !== id) return;
      send({ type: 'progress', id, phase: 'parsing', bytes: source.text.length });
      await yieldToEvents();
      if (latestLoad !== id) return;
      const parsed = parseTranscript(source.text, { fileName });
      if (parsed.conversations.length === 0) throw new Error('The file holds no conversation.');
      send({ type: 'progress', id, phase: 'analyzing' });
      await yieldToEvents();
      if (latestLoad !== id) return;
      const next = openConversation(
        { docId: nextDocId++, fileName, bytes: source.text.length, parsed },
        request.conversation ?? 0,
      );
      if (latestLoad !== id) return;
      doc = next;
      loaded(id, next, request.maxTurns);
    } catch (error) {
      if (latestLoad !== id) return;
      send({ type: 'load-error', id, error: errorInfo(error, fileName) });
    }
  }

  function selectConversation(request: Extract<WorkerRequest, { type: 'select-conversation' }>): void {
    const d = currentDoc(request.id, request.docId);
    if (!d) return;
    latestLoad = request.id;
    const next = openConversation(
      { docId: nextDocId++, fileName: d.fileName, bytes: d.bytes, parsed: d.parsed },
      request.conversation,
    );
    doc = next;
    loaded(request.id, next, request.maxTurns);
  }

  function search(request: Extract<WorkerRequest, { type: 'search' }>): void {
    const d = currentDoc(request.id, request.docId);
    if (!d) return;
    const query = request.query.trim().toLowerCase();
    const hits: number[] = [];
    if (query) {
      d.searchText ??= d.messages.map(searchableText);
      const texts = d.searchText;
      for (let i = 0; i < texts.length; i++) if ((texts[i] as string).includes(query)) hits.push(i);
    }
    send({ type: 'search-result', id: request.id, docId: d.docId, query: request.query, matches: Int32Array.from(hits) });
  }

  function detail(request: Extract<WorkerRequest, { type: 'detail' }>): void {
    const d = currentDoc(request.id, request.docId);
    if (!d) return;
    const index = request.index;
    const message = d.messages[index];
    if (!message) {
      send({ type: 'error', id: request.id, message: `No message ${index}.` });
      return;
    }
    const note = d.conversation.annotations?.[index];
    const result: MessageDetail = {
      index,
      role: message.role,
      blocks: detailBlocks(message),
      chars: d.analysis.textLength[index] as number,
      messageJson: safeJson(message, 2),
      sourceJson: safeJson(d.conversation.sources[index] ?? [], 2),
      sourceLines: d.conversation.sourceLines?.[index] ?? [],
      compactSummary: note?.compactSummary === true,
      meta: note?.meta === true,
    };
    send({ type: 'detail', id: request.id, docId: d.docId, detail: result });
  }

  function exportPruned(request: Extract<WorkerRequest, { type: 'export' }>): void {
    const d = currentDoc(request.id, request.docId);
    if (!d) return;
    const maxTurns = clampMaxTurns(request.maxTurns, d.messages.length);
    const plan = planAll(d, maxTurns).find((p) => p.strategy === request.strategy) as PrunePlan;
    const output = applyPrunePlan(d.messages, plan);
    const result = exportText(d, output, request.strategy, request.maxTurns);
    send({ type: 'exported', id: request.id, docId: d.docId, result });
  }

  return (request: WorkerRequest): void => {
    try {
      switch (request.type) {
        case 'load':
          void load(request);
          return;
        case 'select-conversation':
          selectConversation(request);
          return;
        case 'plan': {
          const d = currentDoc(request.id, request.docId);
          if (!d) return;
          const maxTurns = clampMaxTurns(request.maxTurns, d.messages.length);
          send({ type: 'planned', id: request.id, docId: d.docId, maxTurns, plans: plans(d, maxTurns) });
          scheduleVerdicts(request.id, d, maxTurns);
          return;
        }
        case 'search':
          search(request);
          return;
        case 'detail':
          detail(request);
          return;
        case 'export':
          exportPruned(request);
          return;
      }
    } catch (error) {
      send({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
    }
  };
}

function errorInfo(error: unknown, fileName: string): LoadErrorInfo {
  if (error instanceof TranscriptParseError) {
    return {
      message: error.message,
      ...(error.line !== undefined ? { line: error.line } : {}),
      ...(error.column !== undefined ? { column: error.column } : {}),
      formatsTried: error.formatsTried.map((f) => ({ format: f.format, reason: f.reason })),
      fileName,
    };
  }
  return { message: error instanceof Error ? error.message : String(error), formatsTried: [], fileName };
}

function exportText(d: Doc, output: Message[], strategy: PruneStrategy, maxTurns: number): ExportResult {
  const written = serializeTranscript(d.conversation, output);
  const base = d.fileName.replace(/\.(jsonl?|txt)$/i, '').replace(/[^\w.-]+/g, '-') || 'transcript';
  return {
    text: written.text,
    fileName: `${base}.${strategy}-${maxTurns}.${written.fileExtension}`,
    mimeType: written.mimeType,
    format: written.format,
    messageCount: output.length,
    ...(written.note ? { note: written.note } : {}),
  };
}
