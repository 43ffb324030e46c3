import type { PruneConfig, RegisteredStrategy } from './registry';
import type { ReplayContext, ReplayPlanner } from '../requests/replay-context';
import type { SentShapes } from '../requests/sent-types';
import type { ReplayTrigger } from '../requests/types';
import { replayExact } from '../requests/replay-exact';
import { replayLive } from '../requests/replay-live';
import { getStrategy } from './get-strategy';
import { normalizeConfig } from './normalize-config';

/** One strategy ready to replay: its planner, and its stateless and live replays (its own hooks, or the defaults). */
export interface ResolvedReplay {
  planner: ReplayPlanner;
  stateless(context: ReplayContext): SentShapes;
  live(context: ReplayContext, trigger: ReplayTrigger, fixed: number): SentShapes;
}

/**
 * Checks a config by its strategy's `normalize` (so a bad option fails before the first request) and binds the
 * strategy's hooks to the settings: `keepsEverything` (default: only for no messages), the replays (default: plan
 * each request, or the held context at each prune), and the strategy's own live trigger, which a live replay then
 * fires on in place of the replay's; a strategy the provider applies (`serverSide`) replays live as it does stateless.
 * With pins, the default replays (see below). `definition` is the registered one (another only in tests of the hooks).
 *
 * @throws {TypeError | RangeError} as `planPrune` does for the config
 */
export function resolveReplay(config: PruneConfig, definition: RegisteredStrategy = getStrategy(config.strategy)): ResolvedReplay {
  const settings = normalizeConfig(definition, config) as ReplayPlanner['settings'];
  const keeps = definition.keepsEverything;
  const own = definition.replay?.trigger?.(settings);
  const planner: ReplayPlanner = {
    config,
    settings,
    plan: (analysis, pinned) => definition.plan(analysis, pinned === undefined ? settings : definition.normalize({ ...config, pinned })),
    keepsEverything: keeps === undefined ? (count) => count === 0 : (count, total, messages) => keeps(settings, count, total, messages),
  };
  // Pins hold a message's unit, which can grow as later messages link to it; a strategy's own fast replay reads the
  // units of the whole context once, so with pins every strategy plans each request afresh (exact, slower).
  const pinned = config.pinned !== undefined && config.pinned.length > 0;
  const { stateless, live } = pinned ? {} : (definition.replay ?? {});
  const serverSide = definition.replay?.serverSide === true;
  const statelessReplay = (context: ReplayContext): SentShapes => (stateless ?? replayExact)(context, planner);
  return {
    planner,
    stateless: statelessReplay,
    // A provider's own edit sees the whole history every time, whatever the agent holds.
    live: serverSide ? statelessReplay : (context, trigger, fixed) => (live ?? replayLive)(context, planner, own ?? trigger, fixed),
  };
}
