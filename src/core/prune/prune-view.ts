import type { Message } from '../types';
import type { PrunerConfig } from '../strategies/registry';
import type { TokenCounter } from '../tokens/types';
import type { MessageView, PruneReport, ViewCodec } from './message-view';
import { getStrategy } from '../strategies/get-strategy';
import { normalizeConfig } from '../strategies/normalize-config';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { FATE } from '../plan/fate';
import { REASON } from '../plan/reason';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { estimateTokens } from '../tokens/estimate-tokens';
import { checkConfigObject } from './check-config-object';

/** Per view message, its token count by one counter: what `prunePrepareStep` keeps between steps. */
export type ViewTokenCache = WeakMap<Message, number>;

/**
 * Prunes a caller's items through their canonical view: plans on `view.messages` with the core (the strategy, its
 * checks and guarantees unchanged), then builds the output from the caller's own objects. A kept view message sends
 * its items as they are; a masked or summarized one what `codec.replace` makes of the plan's replacement; a summary
 * the plan adds becomes `codec.insert`'s item. Items outside the view (system and developer messages) are sent where
 * they stand unless `codec.sentOutside` says otherwise; their tokens are taken off `maxTokens` first, so the bound
 * holds for everything sent. `pinned` indexes the caller's items. Never mutates; deterministic.
 *
 * @throws {TypeError | RangeError} for a bad config, as `pruneMessages` does
 */
export function pruneView<T>(
  items: readonly T[],
  view: MessageView,
  codec: ViewCodec<T>,
  config: PrunerConfig,
  tokenCache?: ViewTokenCache,
): PruneReport<T> {
  checkConfigObject(config);
  const counter = config.tokenCounter;
  const { owner, first, end } = view;
  const count = first.length;

  let outsideTotal = 0;
  const outsideTokens = new Float64Array(items.length);
  for (let i = 0; i < items.length; i++) {
    if (owner[i] !== -1) continue;
    outsideTokens[i] = textTokens(codec.outsideText(items[i] as T), counter);
    outsideTotal += outsideTokens[i] as number;
  }

  const strategy = getStrategy(config.strategy);
  const settings = normalizeConfig(strategy, viewConfig(config, view, outsideTotal));
  // The default estimate needs no analysis where the strategy plans without one; a counter only the analysis uses.
  // A lazy view's messages are built only where read: by `planSuffix` the kept ones, by the others all.
  const list = view.list ?? view.messages;
  const plan =
    (counter === undefined ? (strategy.planSuffix?.(list, settings) ?? strategy.planQuick?.(view.messages, settings, true)) : undefined) ??
    strategy.plan(analyzeTranscript(view.messages, counter === undefined ? {} : { counter, tokens: cachedTokens(view.messages, counter, tokenCache) }), settings);

  // What each view message sends: itself, a replacement (made once), or nothing.
  const sent = new Uint8Array(count);
  // Only a plan that rewrites messages has replacements: a window's needs no slot per message.
  const replaced: (Message | undefined)[] = plan.replacement === undefined ? [] : new Array<Message | undefined>(count);
  for (let v = 0; v < count; v++) {
    const fate = plan.fates[v];
    if (fate === FATE.kept) sent[v] = 1;
    else if (fate !== FATE.dropped && plan.replacement) {
      replaced[v] = plan.replacement(v);
      if (replaced[v] !== undefined) sent[v] = 1;
    }
  }

  const out: T[] = [];
  const fates = new Uint8Array(items.length);
  const reasons = new Uint8Array(items.length);
  let tokens = plan.tokens;
  let next = 0;
  const { inserts } = plan;
  const unchanged: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const v = owner[i] as number;
    if (v === -1) {
      const keep = codec.sentOutside?.(items, i, sent, view) ?? true;
      if (keep) {
        out.push(items[i] as T);
        tokens += outsideTokens[i] as number;
        reasons[i] = REASON.systemMessage;
      } else {
        fates[i] = FATE.dropped;
        reasons[i] = anchorReason(owner, i, plan.reasons);
      }
      continue;
    }
    fates[i] = plan.fates[v] as number;
    reasons[i] = plan.reasons[v] as number;
    if (i !== first[v]) continue;
    while (next < inserts.length && (inserts[next]?.before as number) <= v) out.push(codec.insert((inserts[next++] as { message: Message }).message));
    if (plan.fates[v] === FATE.kept) {
      for (let k = i; k < (end[v] as number); k++) out.push(items[k] as T);
    } else if (replaced[v] !== undefined) {
      const sentItems = codec.replace(items, view, v, replaced[v] as Message);
      for (const item of sentItems) out.push(item);
      // An item of the run that goes out as it came was kept, whatever befell its neighbours.
      for (let k = i; k < (end[v] as number); k++) if (sentItems.includes(items[k] as T)) unchanged.push(k);
    }
  }
  while (next < inserts.length) out.push(codec.insert((inserts[next++] as { message: Message }).message));
  for (const k of unchanged) fates[k] = FATE.kept;

  const over = overrun(plan.over, config.maxTokens, tokens, outsideTotal);
  // Whole tokens for callers (a trial read 146625.348…); a token overrun is rounded up, never to 0.
  const wholeTokens = Math.round(tokens);
  // Two literals, not `over` added after: see canonicalView.
  return over === undefined
    ? { messages: out, fates, reasons, tokens: wholeTokens }
    : { messages: out, fates, reasons, tokens: wholeTokens, over: over.unit === 'tokens' ? { ...over, by: Math.ceil(over.by) } : over };
}

/** The config the core plans the view with: `maxTokens` less what the outside items take, `pinned` by view index. */
function viewConfig(config: PrunerConfig, view: MessageView, outsideTotal: number): PrunerConfig {
  const { maxTokens, pinned } = config;
  const mapped = { ...config };
  if (typeof maxTokens === 'number' && maxTokens >= 0 && outsideTotal > 0) mapped.maxTokens = Math.max(0, maxTokens - outsideTotal);
  if ((Array.isArray(pinned) && pinned.length > 0) || (view.pinned?.length ?? 0) > 0) {
    const pins = new Set<number>(view.pinned);
    for (const index of (pinned ?? []) as readonly number[]) {
      // An index outside the items goes through as it is, so the strategy's own check names it.
      const v = Number.isInteger(index) && index >= 0 && index < view.owner.length ? (view.owner[index] as number) : index;
      if (v !== -1) pins.add(v);
    }
    mapped.pinned = [...pins].sort((a, b) => a - b);
  }
  return mapped;
}

function cachedTokens(messages: readonly Message[], counter: TokenCounter, cache: ViewTokenCache | undefined): Float64Array {
  if (cache === undefined) return countMessageTokens(messages, counter);
  const tokens = new Float64Array(messages.length);
  for (let v = 0; v < messages.length; v++) {
    const message = messages[v] as Message;
    let n = cache.get(message);
    if (n === undefined) {
      n = countMessageTokens(messages, counter, { from: v, to: v + 1 })[0] as number;
      cache.set(message, n);
    }
    tokens[v] = n;
  }
  return tokens;
}

function textTokens(text: string, counter: TokenCounter | undefined): number {
  if (counter === undefined) return estimateTokens(text.length);
  return countMessageTokens([{ role: 'user', content: text }], counter)[0] as number;
}

/** A dropped outside item's reason: that of the view message it goes with (the one before it). */
function anchorReason(owner: Int32Array, i: number, reasons: Uint8Array): number {
  for (let k = i - 1; k >= 0; k--) if ((owner[k] as number) >= 0) return reasons[owner[k] as number] as number;
  return REASON.systemMessage;
}

function overrun(planOver: PruneReport<unknown>['over'], maxTokens: number | undefined, tokens: number, outsideTotal: number): PruneReport<unknown>['over'] {
  if (outsideTotal === 0 || typeof maxTokens !== 'number') return planOver;
  if (tokens <= maxTokens) return planOver?.unit === 'tokens' ? undefined : planOver;
  const why = planOver?.unit === 'tokens' ? planOver.why : `the system messages, always sent, hold ${Math.round(outsideTotal).toLocaleString('en-US')} tokens of the budget`;
  return { unit: 'tokens', by: tokens - maxTokens, why };
}
