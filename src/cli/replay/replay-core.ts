/**
 * The CLI's one door to the replay core: everything the `replay` command and `report`'s cost column need goes through
 * `ReplayCore`, so their tests can run against a stand-in (`test/support/fake-replay-core.ts`) that says which figure
 * went where.
 */
import {
  cacheRulesFor,
  loadModelPrices,
  priceHarnessRequests,
  replayTranscript,
  type CacheRules,
  type HarnessBill,
  type HarnessRequest,
  type Message,
  type ModelPrices,
  type ReplayOptions,
  type ReplayResult,
} from '../../lib/index';

export type { CacheRules, ModelPrices, ReplayOptions, ReplayResult, ReplayTotals, StrategyReplay } from '../../lib/index';

export interface ReplayCore {
  replayTranscript(messages: readonly Message[], options: ReplayOptions): ReplayResult;
  /**
   * Prices of a model (`anthropic/claude-sonnet-4.5`, or a name a file records such as `claude-opus-4-6`), with the
   * user's own over the table's; `undefined` when neither the table nor `overrides` price it.
   */
  pricesFor(model: string, overrides?: Partial<ModelPrices>): ModelPrices | undefined | Promise<ModelPrices | undefined>;
  cacheRulesFor(model: string): CacheRules;
  /** Prices the requests beside the main thread (subagents at their own model's prices); absent: not shown. */
  priceHarness?(requests: readonly HarnessRequest[], prices: ModelPrices): Promise<HarnessBill>;
}

export const replayCore: ReplayCore = {
  replayTranscript,
  async pricesFor(model, overrides) {
    try {
      return await loadModelPrices(model, overrides);
    } catch (error) {
      // Unknown to the price table: the command says so in its own words. Anything else is not ours to hide.
      if (error instanceof TypeError && /no prices for/.test(error.message)) return undefined;
      throw error;
    }
  },
  cacheRulesFor,
  priceHarness: priceHarnessRequests,
};
