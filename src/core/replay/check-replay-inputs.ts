import type { Message } from '../types';
import { failReplayOption as fail } from './fail-replay-option';
import type { ObservedCache, ReplaySource } from './types';

/**
 * Checks what a replay is given apart from its strategies, mode and trigger (`checkReplayRun` checks those); every
 * error names the field.
 */
export function checkReplayInputs(messages: readonly Message[], options: ReplaySource): void {
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
