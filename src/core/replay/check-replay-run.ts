import { checkConfigObject } from '../prune/check-config-object';
import type { RequestFacts } from '../plan/types';
import { resolveReplay, type ResolvedReplay } from '../strategies/resolve-replay';
import type { ReplayTrigger } from '../requests/types';
import { failReplayOption as fail } from './fail-replay-option';
import type { ReplayRun } from './types';

/** The default trigger of a live replay: 80% of a 200,000-token window, about where agents compact. */
export const DEFAULT_TRIGGER: ReplayTrigger = { kind: 'fraction', of: 0.8, window: 200_000 };

/**
 * Checks one run of a replay (its mode, window, trigger and strategies; `checkReplayInputs` checks the rest); every
 * error names the field. Returns each strategy's config checked by its own `normalize` (so a bad option fails here,
 * not at the first request that prunes), bound to its replays and to what the replay knows of its requests (`facts`),
 * and the trigger.
 */
export function checkReplayRun(run: ReplayRun, facts: RequestFacts): { replays: (ResolvedReplay | undefined)[]; trigger: ReplayTrigger } {
  if (run === null || typeof run !== 'object') fail('options', run, 'an object');
  if (run.mode !== 'stateless' && run.mode !== 'live') fail('options.mode', run.mode, '"stateless" or "live"');
  if (run.window !== undefined && !(typeof run.window === 'number' && run.window > 0)) fail('options.window', run.window, 'a number of tokens above 0');
  const trigger = run.trigger ?? DEFAULT_TRIGGER;
  if (run.mode === 'live') checkTrigger(trigger);

  if (!Array.isArray(run.strategies)) fail('options.strategies', run.strategies, 'an array of { id, config? }');
  const seen = new Set<string>();
  const replays = run.strategies.map((strategy, k) => {
    if (strategy === null || typeof strategy !== 'object' || typeof strategy.id !== 'string' || strategy.id === '') {
      fail(`options.strategies[${k}].id`, strategy?.id, 'a non-empty string');
    }
    if (seen.has(strategy.id)) fail(`options.strategies[${k}].id`, strategy.id, 'an id no other strategy has');
    seen.add(strategy.id);
    if (strategy.config === undefined) return undefined;
    checkConfigObject(strategy.config);
    // What the replay knows of its requests, unless the config says otherwise.
    return resolveReplay({ ...strategy.config, request: { ...facts, ...strategy.config.request } });
  });
  return { replays, trigger };
}

function checkTrigger(trigger: ReplayTrigger): void {
  if (trigger === null || typeof trigger !== 'object') fail('options.trigger', trigger, '{ kind: "tokens" | "every" | "fraction", … }');
  switch (trigger.kind) {
    case 'tokens':
      if (typeof trigger.over !== 'number' || !(trigger.over >= 0)) fail('options.trigger.over', trigger.over, 'a number of tokens, 0 or more');
      return;
    case 'every':
      if (!Number.isInteger(trigger.requests) || trigger.requests < 1) fail('options.trigger.requests', trigger.requests, 'a whole number of requests, 1 or more');
      return;
    case 'fraction':
      if (typeof trigger.of !== 'number' || !(trigger.of > 0 && trigger.of <= 1)) fail('options.trigger.of', trigger.of, 'a fraction above 0, at most 1');
      if (typeof trigger.window !== 'number' || !(trigger.window > 0)) fail('options.trigger.window', trigger.window, 'a number of tokens above 0');
      return;
    default:
      fail('options.trigger.kind', (trigger as { kind?: unknown }).kind, '"tokens", "every" or "fraction"');
  }
}
