import type { RecordedRequest } from '../usage/types';
import type { ModelPrices, RecordedRequestCheck, ReplayResult, StrategyReplay } from './types';
import { hourWritePrice } from './hour-write-price';


/**
 * The no-pruning replay against what the file recorded, over the requests both have: total input (uncached, cache
 * writes and reads), the share read from the cache, each request's relative error (median and worst), the bill both
 * come to at `prices` (recorded writes at their own TTL's price: Claude Code logs which were 1-hour), and each
 * request side by side with the rule that priced its replayed read, so a miss points at its rule.
 *
 * Output is the recorded figure on both sides. Where the file's output is a snapshot taken mid-stream
 * (`outputPartial`), `partialOutputs` says by how much the messages' own counts (`tokens`) exceed it.
 * `undefined` when no recorded request matches a replayed one.
 */
export function compareReplayWithRecorded(
  baseline: StrategyReplay,
  recorded: readonly RecordedRequest[],
  prices: ModelPrices,
  tokens?: ArrayLike<number>,
): ReplayResult['recorded'] {
  const byMessage = new Map<number, StrategyReplay['requests'][number]>();
  for (const request of baseline.requests) byMessage.set(request.messageIndex, request);
  const hourPrice = hourWritePrice(prices);
  let recordedInput = 0;
  let recordedRead = 0;
  let replayedInput = 0;
  let replayedRead = 0;
  let recordedCost = 0;
  let replayedCost = 0;
  let worst = -1;
  let worstMessageIndex: number | undefined;
  let partial = 0;
  let missing = 0;
  const errors: number[] = [];
  const perRequest: RecordedRequestCheck[] = [];
  const seen = new Set<number>();
  // Anthropic usage records writes; a read is then one of four rules (see `RecordedRequestCheck.recordedRule`).
  const writes = recorded.some((request) => request.cacheCreationInputTokens > 0);
  let previous: RecordedRequest | undefined;
  let mismatches = 0;
  for (const request of recorded) {
    const replayed = byMessage.get(request.messageIndex);
    if (replayed === undefined || seen.has(request.messageIndex)) continue;
    seen.add(request.messageIndex);
    const input = request.inputTokens + request.cacheCreationInputTokens + request.cacheReadInputTokens;
    const hour = Math.min(request.cacheWrite1hInputTokens ?? 0, request.cacheCreationInputTokens);
    const cost =
      (request.inputTokens * prices.input +
        (request.cacheCreationInputTokens - hour) * prices.cacheWrite +
        hour * hourPrice +
        request.cacheReadInputTokens * prices.cacheRead +
        request.outputTokens * prices.output) /
      1e6;
    recordedInput += input;
    recordedRead += request.cacheReadInputTokens;
    replayedInput += replayed.inputTokens;
    replayedRead += replayed.cacheReadTokens;
    recordedCost += cost;
    replayedCost += replayed.costUsd;
    const row: RecordedRequestCheck = {
      messageIndex: request.messageIndex,
      recordedInputTokens: input,
      recordedCacheReadTokens: request.cacheReadInputTokens,
      recordedCacheWriteTokens: request.cacheCreationInputTokens,
      recordedCostUsd: cost,
      replayedInputTokens: replayed.inputTokens,
      replayedCacheReadTokens: replayed.cacheReadTokens,
      replayedCacheWriteTokens: replayed.cacheWriteTokens,
      replayedCostUsd: replayed.costUsd,
      cacheRule: replayed.cacheRule ?? 'append',
    };
    if (writes) {
      const read = request.cacheReadInputTokens;
      row.recordedRule =
        read === 0 ? 'cold' : previous === undefined ? 'warm' : read >= previous.cacheReadInputTokens + previous.cacheCreationInputTokens ? 'append' : 'break';
      const rule = row.cacheRule === 'prompt' || row.cacheRule === 'compaction' || row.cacheRule === 'rewrite' ? 'break' : row.cacheRule === 'short' ? 'cold' : row.cacheRule;
      // A rule that reads nothing (the breakpoint below the minimum) shows as cold in the file.
      row.ruleDiffers = rule !== row.recordedRule && !(row.recordedRule === 'cold' && replayed.cacheReadTokens === 0);
      if (row.ruleDiffers) mismatches++;
    }
    perRequest.push(row);
    previous = request;
    if (request.outputPartial === true) {
      partial++;
      missing += Math.max(0, (tokens?.[request.messageIndex] ?? 0) - request.outputTokens);
    }
    const error = input > 0 ? Math.abs(replayed.inputTokens - input) / input : replayed.inputTokens > 0 ? 1 : 0;
    errors.push(error);
    if (error > worst) {
      worst = error;
      worstMessageIndex = request.messageIndex;
    }
  }
  if (errors.length === 0) return undefined;
  errors.sort((a, b) => a - b);
  const middle = errors.length >> 1;
  const median = errors.length % 2 === 1 ? (errors[middle] as number) : ((errors[middle - 1] as number) + (errors[middle] as number)) / 2;
  return {
    requests: errors.length,
    recordedInputTokens: recordedInput,
    replayedInputTokens: replayedInput,
    recordedCacheReadShare: recordedInput > 0 ? recordedRead / recordedInput : 0,
    replayedCacheReadShare: replayedInput > 0 ? replayedRead / replayedInput : 0,
    medianError: median,
    worstError: worst,
    recordedCostUsd: recordedCost,
    replayedCostUsd: replayedCost,
    ...(worstMessageIndex !== undefined ? { worstMessageIndex } : {}),
    inputError: recordedInput > 0 ? replayedInput / recordedInput - 1 : 0,
    costError: recordedCost > 0 ? replayedCost / recordedCost - 1 : 0,
    perRequest,
    ...(partial > 0 ? { partialOutputs: { requests: partial, missingTokens: missing } } : {}),
    ...(writes ? { ruleMismatches: mismatches } : {}),
  };
}
