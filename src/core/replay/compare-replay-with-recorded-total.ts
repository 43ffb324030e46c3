import type { RecordedTotal } from '../usage/types';
import type { RecordedTotalComparison, StrategyReplay } from './types';

/**
 * The no-pruning replay's totals beside what the file recorded the whole run cost: requests, input (everything each
 * request sent, cache reads and writes included), output and cost. The recorded side keeps only the figures the
 * file gives; a total of the replay is always there.
 *
 * @throws {TypeError} when `total` is not a recorded total
 */
export function compareReplayWithRecordedTotal(baseline: StrategyReplay, total: RecordedTotal): RecordedTotalComparison {
  if (total === null || typeof total !== 'object' || typeof total.where !== 'string') {
    throw new TypeError(`options.recordedTotal must be a recorded total (readRecordedTotal), with \`where\` a string; got ${JSON.stringify(total)}`);
  }
  const comparison: RecordedTotalComparison = {
    where: total.where,
    replayedRequests: baseline.requests.length,
    replayedInputTokens: baseline.totals.inputTokens,
    replayedOutputTokens: baseline.totals.outputTokens,
    replayedCostUsd: baseline.totals.costUsd,
  };
  if (total.model !== undefined) comparison.model = total.model;
  if (total.requests !== undefined) comparison.recordedRequests = total.requests;
  if (total.inputTokens !== undefined) comparison.recordedInputTokens = total.inputTokens;
  if (total.outputTokens !== undefined) comparison.recordedOutputTokens = total.outputTokens;
  if (total.costUsd !== undefined) comparison.recordedCostUsd = total.costUsd;
  return comparison;
}
