/**
 * The CLI's one door to the replay core (`src/core/replay/`), which a colleague is writing against the types in
 * `src/core/replay/types.ts`. Everything the `replay` command and `report`'s cost column need goes through
 * `ReplayCore`, so wiring the real functions is this file alone.
 *
 * UNFINISHED: `replayCore` stays `undefined` until `replayTranscript`, `loadModelPrices` and `cacheRulesFor` are
 * exported; until then `replay` says so and exits 2, and `report` leaves the cost column out. To wire it:
 *
 *   import { replayTranscript, loadModelPrices, cacheRulesFor } from '../../lib/index';
 *   export const replayCore: ReplayCore | undefined = { replayTranscript, pricesFor: …loadModelPrices…, cacheRulesFor: … };
 *
 * and turn the `it.todo` in `test/package/cli.test.ts` into the real test.
 */
import type { CacheRules, ModelPrices, ReplayOptions, ReplayResult } from '../../core/replay/types';
import type { Message } from '../../lib/index';

export type { CacheRules, ModelPrices, ReplayOptions, ReplayResult, ReplayTotals, StrategyReplay } from '../../core/replay/types';

export interface ReplayCore {
  replayTranscript(messages: readonly Message[], options: ReplayOptions): ReplayResult;
  /** Prices of a model (`anthropic/claude-sonnet-4.5`, or a name a file records such as `claude-opus-4-6`); `undefined` when unknown. */
  pricesFor(model: string): ModelPrices | undefined | Promise<ModelPrices | undefined>;
  cacheRulesFor(model: string): CacheRules;
}

export const replayCore: ReplayCore | undefined = undefined;
