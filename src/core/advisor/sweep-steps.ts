import type { StrategyPlan } from '../plan/types';
import type { ReplayResult } from '../replay/types';
import type { GridSetting } from './list-sweep-settings';
import type { SweepOptions, SweepPoint, SweepResult, SweepSkip, TranscriptToSweep } from './types';
import type { ProbeKind } from './probes/types';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { planPrune } from '../prune/plan-prune';
import { prepareReplay, type PreparedReplay } from '../replay/prepare-replay';
import { replayPrepared } from '../replay/replay-prepared';
import { findProbes } from './probes/find-probes';
import { scoreProbes } from './probes/score-probes';
import { PROBE_FAMILIES } from './probes/types';
import { DEFAULT_SLOW_STATELESS_UP_TO, listSweepSettings } from './list-sweep-settings';
import { groupSweepSettings } from './group-sweep-settings';
import { formatNumber } from '../text/format-number';

/**
 * The sweep as steps, for `sweepTranscript` (run at once) and `sweepTranscriptAsync` (a pause between steps, so a
 * worker can take a cancel): each step replays one strategy's points of one mode and trigger in one
 * `replayPrepared` run over the transcript prepared once (every run shares its analysis of the requests) and
 * scores each with the probes. Loss is measured on the plan of the whole transcript (what a request after the last
 * message is sent, stateless), planned once per setting and shared by its modes; a live agent that never pruned
 * loses nothing, and one that did is taken to hold that plan (its last context is what it kept at its last prune
 * plus what came since, which this approximates). Returns the result when done.
 */
export function* sweepSteps(input: TranscriptToSweep, options: SweepOptions): Generator<void, SweepResult, void> {
  const { messages, ...replayInputs } = input;
  const { settings, skipped } = listSweepSettings(messages.length, options);
  const probes = findProbes(messages);
  const analysis = analyzeTranscript(messages, { tokens: input.tokens, ...(input.counter !== undefined ? { counter: input.counter } : {}) });
  const keepAll = { fates: new Uint8Array(messages.length), inserts: [] } as unknown as StrategyPlan;
  const plans = new Map<string, StrategyPlan | Error>();
  const planOf = (setting: GridSetting): StrategyPlan | Error => {
    const key = JSON.stringify(setting.config ?? null);
    let plan = plans.get(key);
    if (plan === undefined) {
      try {
        plan = setting.config === undefined ? keepAll : planPrune(analysis, setting.config);
      } catch (error) {
        plan = error instanceof Error ? error : new Error(String(error));
      }
      plans.set(key, plan);
    }
    return plan;
  };

  // Every group replays the same requests: listed, counted and analysed once, with the no-pruning baseline.
  let prepared: PreparedReplay | undefined;
  const points: SweepPoint[] = [];
  // The baseline is in the first group: a live point whose every request sent what no pruning sends never pruned,
  // so its agent holds everything at the end whatever the plan of the whole transcript would drop.
  let baseline: readonly number[] | undefined;
  let done = 0;
  const slowUpTo = options.slowStatelessUpTo ?? DEFAULT_SLOW_STATELESS_UP_TO;
  for (const whole of groupSweepSettings(settings)) {
    checkAborted(options);
    const group = messages.length > slowUpTo ? whole.filter((setting) => !pastTrigger(setting, planOf(setting), skipped, slowUpTo)) : whole;
    done += whole.length - group.length;
    if (group.length === 0) {
      options.onProgress?.(done, settings.length);
      continue;
    }
    const first = group[0] as GridSetting;
    let result: ReplayResult | Error;
    try {
      // Inputs out of shape throw here, for every group: each point carries the error.
      prepared ??= prepareReplay(messages, replayInputs);
      result = replayPrepared(prepared, {
        strategies: group.map((s) => ({ id: s.key, ...(s.config !== undefined ? { config: s.config } : {}) })),
        mode: first.mode,
        ...(first.trigger !== undefined ? { trigger: first.trigger } : {}),
        window: options.window,
      });
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error));
    }
    if (!(result instanceof Error)) baseline ??= result.strategies.find((r) => r.config === undefined)?.requests.map((r) => r.inputTokens);
    for (const setting of group) {
      const replay = result instanceof Error ? undefined : result.strategies.find((r) => r.id === setting.key);
      const untouched = setting.mode === 'live' && replay !== undefined && baseline !== undefined && replay.requests.every((r, k) => r.inputTokens === baseline?.[k]);
      points.push(pointOf(setting, result, untouched ? keepAll : planOf(setting), probes));
    }
    done += group.length;
    options.onProgress?.(done, settings.length);
    yield;
  }
  return { messages: messages.length, probes: probes.length, window: options.window, points, skipped };
}

function pointOf(setting: GridSetting, result: ReplayResult | Error, plan: StrategyPlan | Error, probes: ReturnType<typeof findProbes>): SweepPoint {
  const { config: _config, ...base } = setting;
  const empty = { costUsd: 0, cacheWriteTokens: 0, cacheReadTokens: 0, inputTokens: 0, peakInputTokens: 0, overWindow: 0, rewrites: 0, loss: 0, lossByFamily: { recall: 0, artifact: 0, continuation: 0, decision: 0 }, lostByKind: {}, probes: probes.length };
  const failure = result instanceof Error ? result : plan instanceof Error ? plan : undefined;
  const replay = result instanceof Error ? undefined : result.strategies.find((s) => s.id === setting.key);
  if (failure !== undefined || replay === undefined || plan instanceof Error) return { ...base, ...empty, error: failure?.message ?? 'not replayed' };
  const score = scoreProbes(probes, plan);
  const lostByKind: Partial<Record<ProbeKind, number>> = {};
  score.fates.forEach((fate, k) => {
    if (fate !== 'lost') return;
    const kind = probes[k]?.kind as ProbeKind;
    lostByKind[kind] = (lostByKind[kind] ?? 0) + 1;
  });
  const lossByFamily = { ...empty.lossByFamily };
  for (const family of PROBE_FAMILIES) lossByFamily[family] = score.byFamily[family].loss;
  return {
    ...base,
    costUsd: replay.totals.costUsd,
    cacheWriteTokens: replay.totals.cacheWriteTokens,
    cacheReadTokens: replay.totals.cacheReadTokens,
    inputTokens: replay.totals.inputTokens,
    peakInputTokens: replay.peakInputTokens,
    overWindow: replay.overWindow,
    rewrites: replay.rewrites,
    loss: score.loss,
    lossByFamily,
    lostByKind,
    probes: probes.length,
  };
}

/**
 * A live point whose strategy cannot bring the whole transcript under its trigger (masking that keeps every call
 * of a long session) would prune before every request once the context passes it: O(n²), and over the window
 * anyway. Past `slowUpTo` messages it is left out, and `skipped` says so.
 */
function pastTrigger(setting: GridSetting, plan: StrategyPlan | Error, skipped: SweepSkip[], slowUpTo: number): boolean {
  const trigger = setting.trigger;
  if (setting.mode !== 'live' || trigger?.kind !== 'tokens' || plan instanceof Error || plan.tokens <= trigger.over) return false;
  skipped.push({
    strategy: setting.strategy as SweepSkip['strategy'],
    mode: 'live',
    key: setting.key,
    reason: `its plan keeps ${formatNumber(plan.tokens)} tokens, over the trigger (${formatNumber(trigger.over)}): it would prune before every request (O(n²)); not swept over ${formatNumber(slowUpTo)} messages`,
  });
  return true;
}

function checkAborted(options: SweepOptions): void {
  const signal = options.signal;
  if (signal?.aborted !== true) return;
  if (signal.reason instanceof Error) throw signal.reason;
  const error = new Error('the sweep was aborted');
  error.name = 'AbortError';
  throw error;
}
