/**
 * Planning the lanes of a request over a loaded transcript: each lane's plan cached by its key, so a bound change
 * re-plans only what it changes, and a plan is turned into what crosses to the main thread once.
 */
import { findScorecardFacts, getStrategy, planPrune, scorePlan, type PrunePlan } from '../core';
import type { Doc } from './doc';
import { timePhase } from './phase-timing';
import { laneConfig, planKey, type LaneSpec, type PlanRequest } from './lanes';
import type { InsertInfo, LaneScore, PlanResult } from './protocol';
import type { LaneRef, ModelLanes } from './model-lanes';

const INSERT_TEXT_MAX = 20_000;

/** The lane's plan for this request, planned now or taken from the cache. */
export function lanePlan(d: Doc, lane: LaneSpec, request: PlanRequest): { key: string; plan: PrunePlan } {
  const key = planKey(lane, request.budget, request.pinned, d.epoch);
  let plan = d.plans.get(key);
  if (!plan) {
    plan = planPrune(d.analysis, laneConfig(lane, request.budget, request.pinned));
    d.plans.set(key, plan);
    d.laneOfKey.set(key, lane.id);
  }
  return { key, plan };
}

/** Forgets plans no lane of `request` asks for, so the cache never outgrows the lanes on screen. */
export function keepOnly(d: Doc, request: PlanRequest): void {
  const wanted = new Set(request.lanes.map((lane) => planKey(lane, request.budget, request.pinned, d.epoch)));
  for (const key of d.plans.keys()) {
    if (wanted.has(key)) continue;
    d.plans.delete(key);
    d.laneOfKey.delete(key);
  }
}

/** Whether a lane's strategy is slow enough (a summary, TF-IDF) to be planned after the quick lanes are shown. */
export function isSlow(lane: LaneSpec): boolean {
  return getStrategy(lane.strategy).slow === true;
}

/** Scorecards left out of results (`toResult`'s `later`), to be scored once the results are sent. */
export type LaterScores = (() => LaneScore)[];

/** The scorecards `later` held back, in the order their results were built. */
export function scoreLater(later: LaterScores): LaneScore[] {
  return later.map((score) => score());
}

/**
 * What crosses to the main thread of a lane's plan. With `later`, the scorecard is left out and a function that
 * scores it is pushed there instead: a budget change answers the lanes' fates first and their scorecards after.
 */
export function toResult(d: Doc, lane: LaneSpec, key: string, plan: PrunePlan, later?: LaterScores): PlanResult {
  const inserts: InsertInfo[] = plan.inserts.map((insert) => {
    const text = typeof insert.message.content === 'string' ? insert.message.content : JSON.stringify(insert.message.content);
    return {
      before: insert.before,
      replaces: insert.replaces,
      tokens: insert.tokens,
      text: text.length > INSERT_TEXT_MAX ? `${text.slice(0, INSERT_TEXT_MAX)}…` : text,
      textLength: text.length,
    };
  });
  const result: PlanResult = {
    laneId: lane.id,
    strategy: lane.strategy,
    key,
    // Copies cross to the main thread: transferring the plan's own buffers would empty the cached plan.
    fates: plan.fates.slice(),
    reasons: plan.reasons.slice(),
    kept: plan.kept,
    dropped: plan.dropped,
    summarized: plan.summarized,
    masked: plan.masked,
    tokens: plan.tokens,
    inserts,
    ...(plan.over ? { over: plan.over } : {}),
    ...(plan.explain?.headline ? { headline: plan.explain.headline } : {}),
    ...(plan.explain?.cells ? { cells: { ...plan.explain.cells, tagOf: plan.explain.cells.tagOf.slice(), values: plan.explain.cells.values.slice(), score: plan.explain.cells.score.slice() } } : {}),
  };
  const score = () => timePhase(`score:${lane.strategy}`, () => scorePlan((d.facts ??= findScorecardFacts(d.messages)), plan));
  if (later) later.push(() => ({ laneId: lane.id, key, scorecard: score() }));
  else result.scorecard = score();
  return result;
}

/**
 * `toResult` of the lane's plan with what a model of the user's own wrote in place of its summaries (when one is
 * configured), each such insert saying what the model is doing about it.
 */
export function modelLaneResult(models: ModelLanes, d: Doc, lane: LaneSpec, key: string, plan: PrunePlan, later?: LaterScores): PlanResult {
  const { plan: shown, states } = models.apply(modelLaneRef(d, lane, plan));
  const result = toResult(d, lane, key, shown, later);
  if (states.some((state) => state !== undefined)) {
    result.inserts = result.inserts.map((insert, k) => {
      const model = states[k];
      return model === undefined ? insert : { ...insert, model };
    });
  }
  return result;
}

/** The lane's plan as the model's cache knows it. */
export function modelLaneRef(d: Doc, lane: LaneSpec, plan: PrunePlan): LaneRef {
  return { docId: d.docId, laneId: lane.id, messages: d.messages, plan, counter: d.analysis.counter };
}
