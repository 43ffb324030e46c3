import type { Message } from '../types';
import type { RequestFacts } from './types';

/** `RequestFacts` checked, with defaults filled in. */
export interface CheckedRequestFacts {
  fixedTokens: number;
  model: string | undefined;
  timeOf: ((message: Message) => number | undefined) | undefined;
}

/**
 * Checks a config's `request` facts: an object, `fixedTokens` a number of tokens (0 or more), `model` a string,
 * `timeOf` a function. Errors name the field and the value.
 *
 * @throws {TypeError | RangeError} for a field of the wrong type or out of range
 */
export function checkRequestFacts(request: RequestFacts | undefined, strategy: string): CheckedRequestFacts {
  if (request === undefined) return { fixedTokens: 0, model: undefined, timeOf: undefined };
  const where = `pruneMessages: ${strategy}: request`;
  if (request === null || typeof request !== 'object') throw new TypeError(`${where} must be an object like { fixedTokens: 20000 }, got ${String(request)}`);
  const { fixedTokens = 0, model, timeOf } = request;
  if (typeof fixedTokens !== 'number' || !Number.isFinite(fixedTokens)) throw new TypeError(`${where}.fixedTokens must be a number of tokens, got ${String(fixedTokens)}`);
  if (fixedTokens < 0) throw new RangeError(`${where}.fixedTokens must be 0 or more, got ${fixedTokens}`);
  if (model !== undefined && typeof model !== 'string') throw new TypeError(`${where}.model must be a string, got ${String(model)}`);
  if (timeOf !== undefined && typeof timeOf !== 'function') throw new TypeError(`${where}.timeOf must be a function, got ${String(timeOf)}`);
  return { fixedTokens, model: model === '' ? undefined : model, timeOf };
}
