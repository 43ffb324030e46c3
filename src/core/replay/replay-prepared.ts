import type { ReplayResult, ReplayRun, RequestCost, StrategyReplay } from './types';
import type { SentShapes } from '../requests/sent-types';
import { checkReplayRun } from './check-replay-run';
import { priceRequest } from './price-request';
import { compareReplayWithRecorded } from './compare-replay-with-recorded';
import { compareReplayWithRecordedTotal } from './compare-replay-with-recorded-total';
import type { PreparedReplay } from './prepare-replay';

/**
 * `replayTranscript` over a transcript `prepareReplay` made ready: the requests, their analysis and the no-pruning
 * baseline are the prepared ones, so runs of other modes, triggers and strategies over it share them. Pure and
 * deterministic; never mutates.
 *
 * @throws {TypeError | RangeError} for a run out of shape or range, naming the field
 */
export function replayPrepared(prepared: PreparedReplay, run: ReplayRun): ReplayResult {
  const { replays, trigger } = checkReplayRun(run, prepared.facts);
  const { source, requests, context, rules, fixed } = prepared;
  const recorded = source.recorded ?? [];
  const window = run.window ?? (run.mode === 'live' && trigger.kind === 'fraction' ? trigger.window : source.prices.contextWindow) ?? Infinity;

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
        source.prices,
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

  const strategies = run.strategies.map((strategy, k) => {
    const replay = replays[k];
    const shapes = replay === undefined ? prepared.unpruned() : run.mode === 'stateless' ? replay.stateless(context) : replay.live(context, trigger, fixed);
    return price(strategy.id, shapes, strategy.config);
  });
  const result: ReplayResult = { model: source.prices.model, mode: run.mode, strategies };
  let unprunedReplay: StrategyReplay | undefined;
  const none = (): StrategyReplay => (unprunedReplay ??= strategies.find((_, k) => replays[k] === undefined) ?? price('none', prepared.unpruned(), undefined));
  if (recorded.length > 0) {
    const comparison = compareReplayWithRecorded(none(), recorded, source.prices, source.tokens);
    if (comparison !== undefined) result.recorded = comparison;
  }
  if (source.recordedTotal !== undefined) result.recordedTotal = compareReplayWithRecordedTotal(none(), source.recordedTotal);
  return result;
}
