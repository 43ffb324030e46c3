/**
 * Summaries a model of the user's own writes for the lanes (issue 22). Every lane plans synchronously with the
 * extractive summarizer and is shown at once; the model is asked afterwards, only once a bound has settled (a drag
 * sends nothing per move), and its text replaces the extractive one when it answers. Answers are cached per lane and
 * the messages a summary stands for, so dragging back and forth asks once; a request whose summary no lane wants any
 * more is aborted. A failure keeps the extractive text and says why on the summary's row.
 */
import { createModelSummarizer, findSummaryStandIns, ModelRequestError, replaceSummaries, type Message, type PrunePlan, type TokenCounter } from '../core';
import { modelSummarizerOptions, type LaneModelSettings } from './model-options';
import type { InsertModelState } from './protocol';

/** What is known of one summary: its text, why it failed, or the request on its way. */
type Entry = { kind: 'text'; text: string } | { kind: 'failed'; reason: string } | { kind: 'asking'; abort: AbortController };

/** The lane a summary is for, as the cache knows it. */
export interface LaneRef {
  docId: number;
  laneId: string;
  messages: readonly Message[];
  plan: PrunePlan;
  /** Counts the model's summaries as the lane's messages are counted. */
  counter: TokenCounter;
}

export interface ModelLanes {
  /** The model to ask, or null for none: forgets every answer and aborts what is on its way. */
  configure(settings: LaneModelSettings | null): void;
  readonly on: boolean;
  /**
   * The lane's plan with what the model has written in place, and per insert what the model is doing about it
   * (undefined for an insert it does not write). Without a model: the plan as it is, no states.
   */
  apply(lane: LaneRef): { plan: PrunePlan; states: (InsertModelState | undefined)[] };
  /**
   * Asks for every summary of `lanes` not known yet, one request at a time in lane order, and aborts requests no
   * lane of `lanes` wants. `answered` is called with a lane's id each time one of its summaries is settled.
   */
  ask(lanes: readonly LaneRef[], answered: (laneId: string) => void): void;
}

/** At most this many answers are kept; the oldest go first. */
const CACHE_MAX = 500;

export function createModelLanes(make: typeof createModelSummarizer = createModelSummarizer): ModelLanes {
  let settings: LaneModelSettings | null = null;
  let summarizer: ReturnType<typeof createModelSummarizer> | undefined;
  let setupError: string | undefined;
  const cache = new Map<string, Entry>();
  /** Summaries to ask for, in order; a newer `ask` replaces the list. */
  let queue: { key: string; turns: Message[]; laneId: string }[] = [];
  let running = false;
  let notify: (laneId: string) => void = () => {};
  /** Which lanes wait on each key, for `answered`. */
  const waiting = new Map<string, Set<string>>();

  const keysOf = (lane: LaneRef) => findSummaryStandIns(lane.messages, lane.plan).map((standIn) => ({ standIn, key: `${lane.docId}|${lane.laneId}|${lane.plan.strategy}|${ranges(standIn.covered)}` }));

  const stopAll = (): void => {
    for (const entry of cache.values()) if (entry.kind === 'asking') entry.abort.abort();
    cache.clear();
    queue = [];
    waiting.clear();
  };

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        if (cache.has(next.key) || summarizer === undefined) continue;
        const abort = new AbortController();
        const entry: Entry = { kind: 'asking', abort };
        cache.set(next.key, entry);
        const own = summarizer;
        let settled: Entry | undefined;
        try {
          settled = { kind: 'text', text: await own.summarize(next.turns, '', { signal: abort.signal }) };
        } catch (error) {
          // Aborted: nobody wants it now; forgotten, so a later settle may ask again.
          if (!abort.signal.aborted) settled = { kind: 'failed', reason: reasonOf(error, `${own.protocol} model ${own.model} at ${own.url}: `) };
        }
        // Reconfigured or aborted meanwhile: this answer is for a cache that is gone.
        if (cache.get(next.key) !== entry) continue;
        if (settled === undefined) cache.delete(next.key);
        else remember(next.key, settled);
        for (const laneId of waiting.get(next.key) ?? []) notify(laneId);
        waiting.delete(next.key);
      }
    } finally {
      running = false;
    }
  }

  function remember(key: string, entry: Entry): void {
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > CACHE_MAX) {
      const oldest = cache.keys().next().value as string;
      const old = cache.get(oldest);
      if (old?.kind === 'asking') break;
      cache.delete(oldest);
    }
  }

  return {
    get on() {
      return settings !== null;
    },
    configure(next) {
      stopAll();
      settings = next;
      summarizer = undefined;
      setupError = undefined;
      if (next === null) return;
      try {
        summarizer = make(modelSummarizerOptions(next));
      } catch (error) {
        setupError = error instanceof Error ? error.message : String(error);
      }
    },
    apply(lane) {
      if (settings === null) return { plan: lane.plan, states: [] };
      const found = keysOf(lane);
      if (found.length === 0) return { plan: lane.plan, states: [] };
      const name = settings.model;
      const states: (InsertModelState | undefined)[] = lane.plan.inserts.map(() => undefined);
      const texts = found.map(({ standIn, key }) => {
        const entry = cache.get(key);
        if (setupError !== undefined) states[standIn.insert] = { model: name, state: 'failed', reason: setupError };
        else if (entry?.kind === 'text') states[standIn.insert] = { model: name, state: 'answered' };
        else if (entry?.kind === 'failed') states[standIn.insert] = { model: name, state: 'failed', reason: entry.reason };
        else states[standIn.insert] = { model: name, state: 'asking' };
        return entry?.kind === 'text' ? entry.text : undefined;
      });
      if (texts.every((text) => text === undefined)) return { plan: lane.plan, states };
      return { plan: replaceSummaries(lane.plan, found.map((f) => f.standIn), texts, lane.counter), states };
    },
    ask(lanes, answered) {
      notify = answered;
      if (summarizer === undefined) return;
      const wanted = new Set<string>();
      queue = [];
      waiting.clear();
      for (const lane of lanes) {
        for (const { standIn, key } of keysOf(lane)) {
          wanted.add(key);
          const entry = cache.get(key);
          if (entry?.kind === 'text' || entry?.kind === 'failed') continue;
          if (!waiting.has(key)) {
            waiting.set(key, new Set());
            if (entry === undefined) queue.push({ key, turns: standIn.covered.map((i) => lane.messages[i] as Message), laneId: lane.laneId });
          }
          waiting.get(key)?.add(lane.laneId);
        }
      }
      for (const [key, entry] of cache) {
        if (entry.kind === 'asking' && !wanted.has(key)) {
          entry.abort.abort();
          cache.delete(key);
        }
      }
      void drain();
    },
  };
}

/**
 * Why a request failed, in words. A browser says no more than "Failed to fetch" when the server refuses the page's
 * origin (CORS) or cannot be reached, so a network failure says what to check.
 */
function reasonOf(error: unknown, where: string): string {
  // The row names the model already: the reason starts at what went wrong.
  const full = error instanceof Error ? error.message : String(error);
  const message = full.startsWith(where) ? full.slice(where.length) : full;
  if (!(error instanceof ModelRequestError) || error.kind !== 'network') return message;
  return `${message}. Is the server running, and does it allow requests from this page's origin (CORS; Ollama: OLLAMA_ORIGINS)?`;
}

/** Ascending indices as ranges, `3-9,12`: short and equal for equal sets. */
function ranges(indices: readonly number[]): string {
  const parts: string[] = [];
  for (let k = 0; k < indices.length; ) {
    const start = indices[k] as number;
    let end = start;
    while (indices[k + 1] === end + 1) end = indices[++k] as number;
    k++;
    parts.push(start === end ? `${start}` : `${start}-${end}`);
  }
  return parts.join(',');
}
