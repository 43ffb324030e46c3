import type { Message } from '../../src/core/types';
import type { PruneConfig } from '../../src/core/strategies/registry';
import type { StrategyPlan } from '../../src/core/plan/types';
import type { ReplayOptions } from '../../src/core/replay/types';
import { analyzeTranscript } from '../../src/core/plan/analyze-transcript';
import { planPrune } from '../../src/core/prune/plan-prune';
import { FATE } from '../../src/core/plan/fate';
import { countMessageTokens } from '../../src/core/tokens/count-message-tokens';
import { charsTokenCounter } from '../../src/core/tokens/chars-token-counter';
import { getStrategy } from '../../src/core/strategies/get-strategy';
import { requestFactsOf } from '../../src/core/replay/request-facts-of';
import type { ReplayTrigger } from '../../src/core/requests/types';

/** One request as the naive replay prices it. */
export interface NaiveRequest {
  messageIndex: number;
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number;
  rewrite: boolean;
}

interface Item {
  key: number | string;
  tokens: number;
  /** The transcript message it is or stands for; -1 for an added message. */
  source: number;
  message: Message;
}

/**
 * The replay written for obviousness, not speed (O(n²) and worse): before every request it builds the whole list of
 * items the request sends, from scratch, and compares it item by item with the previous request's. Stateless: the
 * strategy plans the full history of every request. Live: the context is kept as a list, new messages appended,
 * every item's form recomputed for each request, and planned whenever the trigger fires (the strategy's own trigger
 * when it declares one). A strategy the provider applies (`serverSide`) replays live as stateless. Every plan gets
 * the replay's request facts. `replayTranscript` must give the very same numbers.
 */
export function naiveReplay(messages: readonly Message[], options: ReplayOptions): Map<string, NaiveRequest[]> {
  const counter = options.counter ?? charsTokenCounter;
  const fixed = options.fixedTokens ?? 0;
  const prior = options.priorTurnTokens ?? options.tokens;
  const starts = options.contextStarts ?? (options.recorded ?? []).map((r) => r.contextStart);
  const replayTrigger: ReplayTrigger = options.trigger ?? { kind: 'fraction', of: 0.8, window: 200_000 };
  const facts = requestFactsOf(messages, options);
  const requests: number[] = [];
  messages.forEach((m, i) => {
    if (m.role === 'assistant') requests.push(i);
  });
  const startOf = (a: number): number => Math.max(0, ...starts.filter((s) => s <= a));
  const turnOf = (a: number): number => {
    for (let i = a - 1; i >= 0; i--) {
      const m = messages[i]!;
      const onlyResults = Array.isArray(m.content) && m.content.length > 0 && m.content.every((b) => (b as { type?: string }).type === 'tool_result');
      if (m.role === 'user' && !onlyResults) return i;
    }
    return 0;
  };
  const original = (i: number, turn: number): Item => {
    const early = i < turn && prior[i] !== options.tokens[i];
    return { key: early ? -(i + 1) : i, tokens: early ? prior[i]! : options.tokens[i]!, source: i, message: messages[i]! };
  };
  const synthetic = (key: string, source: number, message: Message): Item => ({ key, source, message, tokens: countMessageTokens([message], counter)[0]! });
  const plan = (items: Item[], config: PruneConfig): Item[] => {
    const held = items.map((item) => item.message);
    const analysis = analyzeTranscript(held, { tokens: items.map((item) => item.tokens), counter });
    const pins = config.pinned === undefined ? {} : { pinned: items.flatMap((item, k) => (typeof item.key === 'number' && config.pinned!.includes(item.source) ? [k] : [])) };
    return applyItems(items, planPrune(analysis, { ...config, ...pins }), synthetic);
  };
  const outputOf = new Map((options.recorded ?? []).map((r) => [r.messageIndex, r.outputTokens] as const).reverse());

  const result = new Map<string, NaiveRequest[]>();
  for (const { id, config: given } of options.strategies) {
    const config = given === undefined ? undefined : ({ ...given, request: { ...facts, ...given.request } } as PruneConfig);
    const definition = config === undefined ? undefined : getStrategy(config.strategy);
    const serverSide = definition?.replay?.serverSide === true;
    const trigger = (config !== undefined && definition?.replay?.trigger?.(definition.normalize(config as never) as never)) || replayTrigger;
    const priced: NaiveRequest[] = [];
    let previous: Item[] | undefined;
    let context: Item[] = [];
    let contextStart = -1;
    let contextEnd = 0;
    requests.forEach((a, r) => {
      const s = startOf(a);
      const turn = turnOf(a);
      let items: Item[];
      if (options.mode === 'stateless' || config === undefined || serverSide) {
        const view: Item[] = [];
        for (let i = s; i < a; i++) view.push(original(i, turn));
        items = config === undefined ? view : plan(view, config);
      } else {
        if (s !== contextStart) {
          context = [];
          contextStart = s;
          contextEnd = s;
        }
        for (; contextEnd < a; contextEnd++) context.push(original(contextEnd, turn));
        context = context.map((item) => (typeof item.key === 'number' ? original(item.source, turn) : item));
        const input = fixed + context.reduce((sum, item) => sum + item.tokens, 0);
        const fires = trigger.kind === 'tokens' ? input > trigger.over : trigger.kind === 'fraction' ? input > trigger.of * trigger.window : (r + 1) % trigger.requests === 0;
        if (fires) context = plan(context, config);
        items = [...context];
      }
      let common = 0;
      let k = 0;
      if (previous) for (; k < Math.min(previous.length, items.length) && previous[k]!.key === items[k]!.key; k++) common += items[k]!.tokens;
      const extendsPrevious = previous === undefined || k === previous.length;
      const sent = items.reduce((sum, item) => sum + item.tokens, 0);
      const previousSent = previous?.reduce((sum, item) => sum + item.tokens, 0) ?? 0;
      const times = options.messageTimes;
      const rules = { ...options.cache, ...options.observedCache };
      const ttl = rules.ttlMs;
      const before = requests[r - 1];
      const cold = r > 0 && times !== undefined && ttl !== undefined && times[a]! - times[before!]! > ttl;
      const input = fixed + sent;
      const min = rules.minTokens;
      // The breakpoint after the fixed part; a new prompt reads only it back when the harness breaks there.
      const level = Math.min(rules.breakpointTokens ?? fixed, fixed);
      const prompt = r > 0 && rules.promptBreaks === true && turn > before!;
      let read: number;
      let write = 0;
      if (cold) read = 0;
      else if (r === 0) read = Math.min(rules.warmStartTokens ?? 0, fixed, input);
      else if (rules.provider === 'anthropic') read = extendsPrevious && !prompt && startOf(a) === startOf(before!) ? fixed + previousSent : level;
      else {
        // OpenAI also caches the response it wrote: read on when this request sends it, as written, right next.
        const next = extendsPrevious && rules.cachesOutput === true ? items[previous!.length] : undefined;
        const response = next !== undefined && next.key === before ? next.tokens : 0;
        read = Math.min(fixed + common + response, input);
        if (prompt) read = Math.min(read, level);
      }
      if (read < min || read <= 0) read = 0;
      if (rules.provider === 'openai') read = Math.floor(read / rules.step) * rules.step;
      if (rules.provider === 'anthropic' && input >= min && input > 0) write = input - read;
      const output = outputOf.get(a) ?? options.tokens[a]!;
      const p = options.prices;
      priced.push({
        messageIndex: a,
        inputTokens: input,
        cacheReadTokens: read,
        cacheWriteTokens: write,
        outputTokens: output,
        costUsd: ((input - read - write) * p.input + read * p.cacheRead + write * (rules.writeTtl === '1h' ? (p.cacheWrite1h ?? p.cacheWrite * 1.6) : p.cacheWrite) + output * p.output) / 1e6,
        rewrite: !extendsPrevious,
      });
      previous = items;
    });
    result.set(id, priced);
  }
  return result;
}

/** What a plan sends, built the way `applyPrunePlan` builds its output, each message keyed by what it is. */
function applyItems(items: Item[], plan: StrategyPlan, synthetic: (key: string, source: number, message: Message) => Item): Item[] {
  const out: Item[] = [];
  const json = (message: Message): string => JSON.stringify(message);
  const insert = (message: Message) => out.push(synthetic(`i:${json(message)}`, -1, message));
  let next = 0;
  items.forEach((item, k) => {
    while (next < plan.inserts.length && plan.inserts[next]!.before <= k) insert(plan.inserts[next++]!.message);
    const fate = plan.fates[k];
    if (fate === FATE.kept) out.push(item);
    else if (fate !== FATE.dropped && plan.replacement) {
      const replaced = plan.replacement(k);
      if (replaced !== undefined) out.push(synthetic(`r:${item.source < 0 ? '-' : item.source}:${json(replaced)}`, item.source, replaced));
    }
  });
  while (next < plan.inserts.length) insert(plan.inserts[next++]!.message);
  return out;
}
