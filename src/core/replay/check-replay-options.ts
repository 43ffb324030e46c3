import type { Message } from '../types';
import { describeValue } from '../tokens/describe-value';
import { checkConfigObject } from '../prune/check-config-object';
import { resolveReplay, type ResolvedReplay } from '../strategies/resolve-replay';
import type { ObservedCache, ReplayOptions } from './types';
import type { ReplayTrigger } from '../requests/types';
import { requestFactsOf } from './request-facts-of';

/** The default trigger of a live replay: 80% of a 200,000-token window, about where agents compact. */
export const DEFAULT_TRIGGER: ReplayTrigger = { kind: 'fraction', of: 0.8, window: 200_000 };

function fail(field: string, value: unknown, expected: string): never {
  throw new (typeof value === 'number' ? RangeError : TypeError)(`replayTranscript: ${field} is ${describeValue(value)}; expected ${expected}.`);
}

/**
 * Checks what `replayTranscript` was given; every error names the field. Returns each strategy's config checked by
 * its own `normalize` (so a bad option fails here, not at the first request that prunes), bound to its replays, and
 * the trigger.
 */
export function checkReplayOptions(messages: readonly Message[], options: ReplayOptions): { replays: (ResolvedReplay | undefined)[]; trigger: ReplayTrigger } {
  if (!Array.isArray(messages)) fail('messages', messages, 'an array of messages');
  if (options === null || typeof options !== 'object') fail('options', options, 'an object');
  const n = messages.length;
  checkCounts('options.tokens', options.tokens, n);
  if (options.priorTurnTokens !== undefined) checkCounts('options.priorTurnTokens', options.priorTurnTokens, n);
  if (options.messageTimes !== undefined && !(typeof options.messageTimes?.length === 'number' && options.messageTimes.length === n)) {
    fail('options.messageTimes', options.messageTimes, `one time per message (${n})`);
  }
  const fixed = options.fixedTokens ?? 0;
  if (typeof fixed !== 'number' || !Number.isFinite(fixed) || fixed < 0) fail('options.fixedTokens', fixed, 'a number of tokens, 0 or more');
  if (options.mode !== 'stateless' && options.mode !== 'live') fail('options.mode', options.mode, '"stateless" or "live"');
  if (options.window !== undefined && !(typeof options.window === 'number' && options.window > 0)) fail('options.window', options.window, 'a number of tokens above 0');

  const prices = options.prices;
  if (prices === null || typeof prices !== 'object') fail('options.prices', prices, 'ModelPrices (loadModelPrices)');
  for (const field of ['input', 'output', 'cacheRead', 'cacheWrite'] as const) {
    const value = prices[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(`options.prices.${field}`, value, 'dollars per million tokens, 0 or more');
  }
  const hour = prices.cacheWrite1h;
  if (hour !== undefined && !(typeof hour === 'number' && Number.isFinite(hour) && hour >= 0)) fail('options.prices.cacheWrite1h', hour, 'dollars per million tokens, 0 or more');
  const cache = options.cache;
  if (cache === null || typeof cache !== 'object' || (cache.provider !== 'anthropic' && cache.provider !== 'openai')) {
    fail('options.cache', cache, 'CacheRules (cacheRulesFor) with provider "anthropic" or "openai"');
  }
  if (typeof cache.minTokens !== 'number' || !(cache.minTokens >= 0)) fail('options.cache.minTokens', cache.minTokens, 'a number of tokens, 0 or more');
  if (cache.provider === 'openai' && !(typeof cache.step === 'number' && Number.isInteger(cache.step) && cache.step >= 1)) {
    fail('options.cache.step', cache.step, 'a whole number of tokens, 1 or more');
  }
  if (cache.ttlMs !== undefined && !(typeof cache.ttlMs === 'number' && cache.ttlMs > 0)) fail('options.cache.ttlMs', cache.ttlMs, 'milliseconds above 0');
  checkObservedCache('options.cache', cache);
  if (options.observedCache !== undefined) {
    if (options.observedCache === null || typeof options.observedCache !== 'object') fail('options.observedCache', options.observedCache, 'an object (readReplayInputs)');
    checkObservedCache('options.observedCache', options.observedCache);
    const ttl = options.observedCache.ttlMs;
    if (ttl !== undefined && !(typeof ttl === 'number' && ttl > 0)) fail('options.observedCache.ttlMs', ttl, 'milliseconds above 0');
  }

  const trigger = options.trigger ?? DEFAULT_TRIGGER;
  if (options.mode === 'live') checkTrigger(trigger);

  if (options.contextStarts !== undefined) {
    if (!Array.isArray(options.contextStarts)) fail('options.contextStarts', options.contextStarts, 'an array of message indices');
    options.contextStarts.forEach((start, k) => {
      if (!Number.isInteger(start) || start < 0 || start > n) fail(`options.contextStarts[${k}]`, start, `a message index from 0 to ${n}`);
    });
  }
  if (options.recorded !== undefined) {
    if (!Array.isArray(options.recorded)) fail('options.recorded', options.recorded, 'an array of recorded requests (readRecordedUsage)');
    options.recorded.forEach((request, k) => {
      if (!Number.isInteger(request?.messageIndex) || request.messageIndex < 0 || request.messageIndex > n) {
        fail(`options.recorded[${k}].messageIndex`, request?.messageIndex, `a message index from 0 to ${n}`);
      }
      if (!Number.isInteger(request.contextStart) || request.contextStart < 0 || request.contextStart > request.messageIndex) {
        fail(`options.recorded[${k}].contextStart`, request.contextStart, `an index from 0 to its messageIndex ${request.messageIndex}`);
      }
    });
  }

  if (!Array.isArray(options.strategies)) fail('options.strategies', options.strategies, 'an array of { id, config? }');
  const seen = new Set<string>();
  const facts = requestFactsOf(messages, options);
  const replays = options.strategies.map((strategy, k) => {
    if (strategy === null || typeof strategy !== 'object' || typeof strategy.id !== 'string' || strategy.id === '') {
      fail(`options.strategies[${k}].id`, strategy?.id, 'a non-empty string');
    }
    if (seen.has(strategy.id)) fail(`options.strategies[${k}].id`, strategy.id, 'an id no other strategy has');
    seen.add(strategy.id);
    if (strategy.config === undefined) return undefined;
    checkConfigObject(strategy.config);
    // What the replay knows of its requests, unless the config says otherwise.
    return resolveReplay({ ...strategy.config, request: { ...facts, ...strategy.config.request } });
  });
  return { replays, trigger };
}

function checkObservedCache(field: string, cache: ObservedCache): void {
  for (const name of ['warmStartTokens', 'breakpointTokens'] as const) {
    const value = cache[name];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) fail(`${field}.${name}`, value, 'a number of tokens, 0 or more');
  }
  if (cache.writeTtl !== undefined && cache.writeTtl !== '5m' && cache.writeTtl !== '1h') fail(`${field}.writeTtl`, cache.writeTtl, '"5m" or "1h"');
  for (const name of ['promptBreaks', 'cachesOutput'] as const) {
    const value = cache[name];
    if (value !== undefined && typeof value !== 'boolean') fail(`${field}.${name}`, value, 'true or false');
  }
}

function checkCounts(field: string, counts: ArrayLike<number> | undefined, n: number): void {
  if (counts === null || typeof counts !== 'object' || counts.length !== n) fail(field, counts, `one count per message (${n})`);
  for (let i = 0; i < n; i++) {
    const value = (counts as ArrayLike<number>)[i];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(`${field}[${i}]`, value, 'a number of tokens, 0 or more');
  }
}

function checkTrigger(trigger: ReplayTrigger): void {
  if (trigger === null || typeof trigger !== 'object') fail('options.trigger', trigger, '{ kind: "tokens" | "every" | "fraction", … }');
  switch (trigger.kind) {
    case 'tokens':
      if (typeof trigger.over !== 'number' || !(trigger.over >= 0)) fail('options.trigger.over', trigger.over, 'a number of tokens, 0 or more');
      return;
    case 'every':
      if (!Number.isInteger(trigger.requests) || trigger.requests < 1) fail('options.trigger.requests', trigger.requests, 'a whole number of requests, 1 or more');
      return;
    case 'fraction':
      if (typeof trigger.of !== 'number' || !(trigger.of > 0 && trigger.of <= 1)) fail('options.trigger.of', trigger.of, 'a fraction above 0, at most 1');
      if (typeof trigger.window !== 'number' || !(trigger.window > 0)) fail('options.trigger.window', trigger.window, 'a number of tokens above 0');
      return;
    default:
      fail('options.trigger.kind', (trigger as { kind?: unknown }).kind, '"tokens", "every" or "fraction"');
  }
}
