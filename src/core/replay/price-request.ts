import type { CacheRule, CacheRules, ModelPrices } from './types';
import { hourWritePrice } from './hour-write-price';

/** One request as the cache sees it, in tokens. */
export interface RequestShape {
  /** The fixed part (system prompt, tool definitions) and the messages sent. */
  fixed: number;
  sent: number;
  /** Tokens of the leading messages this request shares with the previous one, item by item. */
  common: number;
  /** The previous request's messages are all at the start of this one's (it only appended). */
  extends: boolean;
  /** The previous request's messages, in tokens. */
  previousSent: number;
  /** No previous request, or the cache expired since it. */
  cold: boolean;
  outputTokens: number;
  /**
   * Added (compatible): the replay's first request, which reads the rules' `warmStartTokens` (what an earlier
   * session cached) unless `cold`. Absent: a first request is told apart only by `cold`.
   */
  first?: boolean;
  /** Added (compatible): a new user prompt came since the previous request (see `CacheRules.promptBreaks`). */
  newPrompt?: boolean;
  /** Added (compatible): the agent's own compaction restarted the context here (only names the rule). */
  restart?: boolean;
  /** Added (compatible), OpenAI: tokens of the previous response this request sends right after `previousSent`. */
  previousOutput?: number;
}

export interface RequestPrice {
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  costUsd: number;
  /** Added (compatible): the rule that decided the read. */
  cacheRule: CacheRule;
}


/**
 * What a request reads from and writes to the provider's cache, and what it costs.
 *
 * - Anthropic: an agent puts a breakpoint after the fixed part and one at the end of its messages (Claude Code
 *   does). A request reads the longest cached prefix ending at a breakpoint it still matches: the previous request's
 *   end when it only appended, else the fixed part's (`breakpointTokens` when the rules know it: Claude Code's
 *   project context sits in the first message, after the breakpoint); a breakpoint below `minTokens` was never
 *   cached. With `promptBreaks`, a new prompt reads only that breakpoint back (Claude Code, in every recorded case).
 *   It writes everything after what it read, up to its own end, when that end reaches `minTokens`; at
 *   `cacheWrite1h` when the rules' `writeTtl` is `1h`.
 * - OpenAI: it reads the prefix it shares with the previous request (and with `cachesOutput`, the previous response
 *   when it follows), rounded down to `step` tokens, when that prefix is `minTokens` or more; writes are free.
 *
 * The first request reads `warmStartTokens` of the fixed part (what an earlier session cached), else nothing; a
 * cold request (the cache expired) reads nothing. Cost is in dollars, prices per million tokens.
 */
export function priceRequest(shape: RequestShape, rules: CacheRules, prices: ModelPrices): RequestPrice {
  const { fixed, sent, common, cold } = shape;
  const input = fixed + sent;
  const level = Math.min(rules.breakpointTokens ?? fixed, fixed);
  const broke = shape.newPrompt === true && rules.promptBreaks === true;
  let read = 0;
  let write = 0;
  let rule: CacheRule;
  if (cold) rule = 'cold';
  else if (shape.first === true) {
    read = Math.min(rules.warmStartTokens ?? 0, fixed, input);
    rule = 'warm';
  } else {
    rule = shape.restart === true ? 'compaction' : !shape.extends ? 'rewrite' : broke ? 'prompt' : 'append';
    if (rules.provider === 'anthropic') {
      const previousEnd = fixed + shape.previousSent;
      read = rule === 'append' ? previousEnd : level;
    } else {
      const carried = shape.extends && rules.cachesOutput === true ? (shape.previousOutput ?? 0) : 0;
      read = Math.min(fixed + common + carried, input);
      if (broke) read = Math.min(read, level);
    }
  }
  if (read < rules.minTokens || read <= 0) read = 0;
  if (rules.provider === 'openai') read = Math.floor(read / rules.step) * rules.step;
  if (rule === 'warm' && read === 0) rule = 'cold';
  if (rules.provider === 'anthropic' && input >= rules.minTokens && input > 0) write = input - read;
  if (input < rules.minTokens) rule = 'short';
  const writePrice = rules.writeTtl === '1h' ? hourWritePrice(prices) : prices.cacheWrite;
  const uncached = input - read - write;
  const costUsd = (uncached * prices.input + read * prices.cacheRead + write * writePrice + shape.outputTokens * prices.output) / 1e6;
  return { inputTokens: input, cacheReadTokens: read, cacheWriteTokens: write, costUsd, cacheRule: rule };
}
