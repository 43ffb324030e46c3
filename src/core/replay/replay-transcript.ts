import type { Message } from '../types';
import type { ReplayOptions, ReplayResult } from './types';
import { prepareReplay } from './prepare-replay';
import { replayPrepared } from './replay-prepared';

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
 * strategies with an incremental form take it (their `replay` hooks; see src/core/strategies/README.md). Runs of
 * other modes or triggers over the same transcript can share its analysis: `prepareReplay` once, `replayPrepared`
 * per run. Pure and deterministic; never mutates.
 *
 * @throws {TypeError | RangeError} for options out of shape or range, naming the field
 */
export function replayTranscript(messages: readonly Message[], options: ReplayOptions): ReplayResult {
  return replayPrepared(prepareReplay(messages, options), options);
}
