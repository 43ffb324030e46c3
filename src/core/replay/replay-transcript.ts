import type { Message } from '../types';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import type { CacheRules, ReplayOptions, ReplayResult, RequestCost, StrategyReplay } from './types';
import { checkReplayOptions } from './check-replay-options';
import { listReplayRequests } from '../requests/list-replay-requests';
import { createReplayContext } from '../requests/create-replay-context';
import { replayUnpruned } from '../requests/replay-unpruned';
import { priceRequest } from './price-request';
import { compareReplayWithRecorded } from './compare-replay-with-recorded';
import { compareReplayWithRecordedTotal } from './compare-replay-with-recorded-total';
import type { SentShapes } from '../requests/sent-types';

/**
 * Runs an agent's requests again under each strategy and prices them with prompt caching.
 *
 * Every assistant message is one request; it held the messages before it from its context start (the latest of
 * `contextStarts`, by default the recorded compactions), after `fixedTokens` (system prompt, tool definitions).
 * Under `stateless` a strategy prunes that whole history before every request; under `live` the agent continues
 * from what it sent and prunes only when `trigger` fires (see `replayLive`). A strategy without a config is the
 * baseline: no pruning.
 *
 * Per request: input tokens (all of it), cache reads and writes by `priceRequest`'s rules against the previous
 * request of the same strategy, output tokens (recorded, else the message's own count: an estimate that misses
 * hidden reasoning), cost, and whether it rewrote what the previous one sent. Models that drop earlier turns'
 * thinking count those messages by `priorTurnTokens` once a new turn has begun. With `recorded`, the baseline is
 * held against the file request by request (`ReplayResult.recorded`); with `recordedTotal`, its totals against the
 * run's (`ReplayResult.recordedTotal`).
 *
 * Stateless replays equal planning the full history before every request (the naive O(n²) replay in the tests);
 * strategies with an incremental form take it (their `replay` hooks; see src/core/strategies/README.md). Pure and deterministic; never mutates.
 *
 * @throws {TypeError | RangeError} for options out of shape or range, naming the field
 */
export function replayTranscript(messages: readonly Message[], options: ReplayOptions): ReplayResult {
  const { replays, trigger } = checkReplayOptions(messages, options);
  const recorded = options.recorded ?? [];
  const starts = options.contextStarts ?? recorded.map((request) => request.contextStart);
  const fixed = options.fixedTokens ?? 0;
  // What the file says about its cache (a warm start, the breakpoint, the TTL) refines the provider's rules.
  const rules = options.observedCache === undefined ? options.cache : ({ ...options.cache, ...options.observedCache } as CacheRules);
  const requests = listReplayRequests(messages, options.tokens, starts, recorded, options.messageTimes, rules.ttlMs);
  const context = createReplayContext(messages, requests, options.tokens, options.priorTurnTokens, options.counter ?? charsTokenCounter);
  const window = options.window ?? (options.mode === 'live' && trigger.kind === 'fraction' ? trigger.window : options.prices.contextWindow) ?? Infinity;

  let unpruned: SentShapes | undefined;
  const baseline = (): SentShapes => (unpruned ??= replayUnpruned(context));
  const price = (id: string, shapes: SentShapes, config: StrategyReplay['config']): StrategyReplay => {
    const replay: StrategyReplay = {
      id,
      ...(config !== undefined ? { config } : {}),
      totals: { inputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 0, costUsd: 0 },
      peakInputTokens: 0,
      rewrites: 0,
      overWindow: 0,
      requests: [],
    };
    for (let r = 0; r < requests.count; r++) {
      const first = r === 0;
      const rewrite = !first && shapes.extends[r] === 0;
      const output = requests.outputTokens[r] as number;
      const previous = requests.messageIndex[r - 1] as number;
      const cost = priceRequest(
        {
          fixed,
          sent: shapes.sent[r] as number,
          common: shapes.common[r] as number,
          extends: !rewrite,
          previousSent: first ? 0 : (shapes.sent[r - 1] as number),
          cold: requests.cold[r] === 1,
          outputTokens: output,
          first,
          newPrompt: !first && (requests.turnStart[r] as number) > previous,
          restart: !first && requests.contextStart[r] !== requests.contextStart[r - 1],
          previousOutput: shapes.follows?.[r] === 1 ? context.counts.count(previous, requests.turnStart[r] as number) : 0,
        },
        rules,
        options.prices,
      );
      const request: RequestCost = {
        messageIndex: requests.messageIndex[r] as number,
        inputTokens: cost.inputTokens,
        cacheReadTokens: cost.cacheReadTokens,
        cacheWriteTokens: cost.cacheWriteTokens,
        outputTokens: output,
        costUsd: cost.costUsd,
        rewrite,
        outputRecorded: requests.outputRecorded[r] === 1,
        cacheRule: cost.cacheRule,
      };
      replay.requests.push(request);
      replay.totals.inputTokens += cost.inputTokens;
      replay.totals.cacheReadTokens += cost.cacheReadTokens;
      replay.totals.cacheWriteTokens += cost.cacheWriteTokens;
      replay.totals.outputTokens += output;
      replay.totals.costUsd += cost.costUsd;
      replay.peakInputTokens = Math.max(replay.peakInputTokens, cost.inputTokens);
      if (rewrite) replay.rewrites++;
      if (cost.inputTokens > window) replay.overWindow++;
    }
    return replay;
  };

  const strategies = options.strategies.map((strategy, k) => {
    const replay = replays[k];
    const shapes = replay === undefined ? baseline() : options.mode === 'stateless' ? replay.stateless(context) : replay.live(context, trigger, fixed);
    return price(strategy.id, shapes, strategy.config);
  });
  const result: ReplayResult = { model: options.prices.model, mode: options.mode, strategies };
  let unprunedReplay: StrategyReplay | undefined;
  const none = (): StrategyReplay => (unprunedReplay ??= strategies.find((_, k) => replays[k] === undefined) ?? price('none', baseline(), undefined));
  if (recorded.length > 0) {
    const comparison = compareReplayWithRecorded(none(), recorded, options.prices, options.tokens);
    if (comparison !== undefined) result.recorded = comparison;
  }
  if (options.recordedTotal !== undefined) result.recordedTotal = compareReplayWithRecordedTotal(none(), options.recordedTotal);
  return result;
}
