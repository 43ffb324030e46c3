import type { RecordedRequest } from '../usage/types';
import type { ModelPrices, ReplayResult, StrategyReplay } from './types';

/**
 * The no-pruning replay against what the file recorded, over the requests both have: total input (uncached, cache
 * writes and reads), the share read from the cache, each request's relative error (median and worst), and the bill
 * both come to at `prices`. `undefined` when no recorded request matches a replayed one.
 */
export function compareReplayWithRecorded(
  baseline: StrategyReplay,
  recorded: readonly RecordedRequest[],
  prices: ModelPrices,
): ReplayResult['recorded'] {
  const byMessage = new Map<number, StrategyReplay['requests'][number]>();
  for (const request of baseline.requests) byMessage.set(request.messageIndex, request);
  let recordedInput = 0;
  let recordedRead = 0;
  let replayedInput = 0;
  let replayedRead = 0;
  let recordedCost = 0;
  let replayedCost = 0;
  let worst = -1;
  let worstMessageIndex: number | undefined;
  const errors: number[] = [];
  const seen = new Set<number>();
  for (const request of recorded) {
    const replayed = byMessage.get(request.messageIndex);
    if (replayed === undefined || seen.has(request.messageIndex)) continue;
    seen.add(request.messageIndex);
    const input = request.inputTokens + request.cacheCreationInputTokens + request.cacheReadInputTokens;
    recordedInput += input;
    recordedRead += request.cacheReadInputTokens;
    replayedInput += replayed.inputTokens;
    replayedRead += replayed.cacheReadTokens;
    recordedCost +=
      (request.inputTokens * prices.input +
        request.cacheCreationInputTokens * prices.cacheWrite +
        request.cacheReadInputTokens * prices.cacheRead +
        request.outputTokens * prices.output) /
      1e6;
    replayedCost += replayed.costUsd;
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
  };
}
