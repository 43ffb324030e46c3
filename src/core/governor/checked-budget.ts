import type { Message } from '../types';
import type { Summarize } from './types';
import type { GovernorBudget } from './fill-governor-budget';

export interface CheckedBudget {
  tokens: Float64Array;
  maxTokens: number;
  maxTurns: number;
  pinned: number[];
  keepTask: boolean;
  summarization: boolean;
  summarize: Summarize | undefined;
  keepThreshold: number;
  countTokens: ((message: Message) => number) | undefined;
}

/**
 * Checks a budget against a transcript of `count` messages and fills in the defaults (`maxTurns` no limit,
 * `pinned` none, `keepTask` true, `summarization` true, `keepThreshold` 0.5). Errors name the field, the value and
 * what is allowed, for callers wiring a settings UI.
 *
 * @throws {TypeError} when a field has the wrong type (`tokens` not a Float64Array, `maxTokens` NaN, …)
 * @throws {RangeError} when a value is out of range (a negative token count, a pinned index past the end, …)
 */
export function checkedBudget(budget: GovernorBudget, count: number): CheckedBudget {
  if (budget === null || typeof budget !== 'object') {
    throw new TypeError('planGovernor: input must be an object like { tokens: Float64Array, maxTokens: 8000 }');
  }
  const { tokens, maxTokens } = budget;
  if (!(tokens instanceof Float64Array)) {
    throw new TypeError(`planGovernor: tokens must be a Float64Array of per-message token counts, got ${describe(tokens)}`);
  }
  if (tokens.length !== count) {
    throw new RangeError(`planGovernor: tokens must hold one count per message (${count}), got ${tokens.length}`);
  }
  for (let i = 0; i < count; i++) {
    const value = tokens[i] as number;
    if (!(value >= 0) || value === Infinity) {
      throw new RangeError(`planGovernor: tokens[${i}] must be a finite count from 0 up, got ${value}`);
    }
  }
  if (typeof maxTokens !== 'number' || Number.isNaN(maxTokens)) {
    throw new TypeError(`planGovernor: maxTokens must be a number, got ${describe(maxTokens)}`);
  }
  if (maxTokens < 0) throw new RangeError(`planGovernor: maxTokens must be 0 or more, got ${maxTokens}`);

  let maxTurns = Infinity;
  if (budget.maxTurns !== undefined) {
    if (typeof budget.maxTurns !== 'number' || Number.isNaN(budget.maxTurns)) {
      throw new TypeError(`planGovernor: maxTurns must be a number, got ${describe(budget.maxTurns)}`);
    }
    if (budget.maxTurns < 0) throw new RangeError(`planGovernor: maxTurns must be 0 or more, got ${budget.maxTurns}`);
    maxTurns = Math.max(1, Math.floor(budget.maxTurns));
  }

  const pinned: number[] = [];
  if (budget.pinned !== undefined) {
    if (!Array.isArray(budget.pinned)) throw new TypeError(`planGovernor: pinned must be an array of message indices, got ${describe(budget.pinned)}`);
    budget.pinned.forEach((index: unknown, k) => {
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) {
        throw new RangeError(`planGovernor: pinned[${k}] must be a message index, an integer from 0 to ${count - 1}, got ${describe(index)}`);
      }
      pinned.push(index);
    });
  }

  const keepThreshold = budget.keepThreshold ?? 0.5;
  if (typeof keepThreshold !== 'number' || !(keepThreshold >= 0 && keepThreshold <= 1)) {
    throw new RangeError(`planGovernor: keepThreshold must be a number from 0 to 1, got ${describe(keepThreshold)}`);
  }
  for (const name of ['summarize', 'countTokens'] as const) {
    if (budget[name] !== undefined && typeof budget[name] !== 'function') {
      throw new TypeError(`planGovernor: ${name} must be a function, got ${describe(budget[name])}`);
    }
  }
  for (const name of ['keepTask', 'summarization'] as const) {
    if (budget[name] !== undefined && typeof budget[name] !== 'boolean') {
      throw new TypeError(`planGovernor: ${name} must be true or false, got ${describe(budget[name])}`);
    }
  }
  return {
    tokens,
    maxTokens,
    maxTurns,
    pinned,
    keepTask: budget.keepTask ?? true,
    summarization: budget.summarization ?? true,
    summarize: budget.summarize,
    keepThreshold,
    countTokens: budget.countTokens,
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'an object';
  return typeof value === 'string' ? JSON.stringify(value) : `${typeof value} ${String(value)}`;
}
