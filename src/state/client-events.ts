/** What the worker says on its own (slow plans, exact counts, verdicts, errors), kept in the inspector's store. */
import { formatNumber } from '../core';
import type { PruneClient } from '../worker/client';
import { timePhase } from '../worker/phase-timing';
import { withItems } from './inspector-state';
import type { StoreApi } from 'zustand/vanilla';
import type { Inspector } from './inspector-state';

/**
 * When plans land with a message open, its lanes' accounts of it are asked for again (only those: the message's text
 * stays), so a slow lane's (the governor's score) shows when it lands and a quick lane's follows a budget change.
 */
export function followClientEvents(store: StoreApi<Inspector>, client: PruneClient): void {
  const refreshExplain = (docId: number, index: number): void => {
    void client.explain(docId, index).then((explain) => {
      const { doc, detail } = store.getState();
      if (explain && doc?.docId === docId && detail?.index === index) store.setState({ detail: { ...detail, explain } });
    });
  };

  client.events.onPlanned = ({ docId, plans }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId || !s.rows) return;
    const byLane = { ...s.plans };
    let scorecards = s.scorecards;
    let changed = false;
    for (const plan of plans) {
      const lane = s.lanes.find((l) => l.id === plan.laneId);
      // A lane removed, or changed to another strategy, since it was asked for: not for this screen.
      if (!lane || lane.strategy !== plan.strategy) continue;
      // A plan whose scorecard follows: the one it replaces keeps its own, shown dimmed until the new one lands.
      const before = s.plans[plan.laneId];
      if (plan.scorecard === undefined && before?.scorecard !== undefined) scorecards = { ...scorecards, [plan.laneId]: { laneId: plan.laneId, key: before.key, scorecard: before.scorecard } };
      byLane[plan.laneId] = plan;
      changed = true;
    }
    if (!changed) return;
    // Timed for the browser benchmark's breakdown of a budget change (the visible rows and the store's update).
    timePhase('plan-stored', () => store.setState(withItems(s, { plans: byLane, scorecards })));
    if (s.detail !== undefined && s.detail.index === s.selected) refreshExplain(docId, s.selected);
  };
  client.events.onScored = ({ docId, scores }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId) return;
    // Only for the plan on screen: a scorecard of a plan already replaced is never shown.
    const fresh = scores.filter((score) => s.plans[score.laneId]?.key === score.key);
    if (fresh.length === 0) return;
    const scorecards = { ...s.scorecards };
    for (const score of fresh) scorecards[score.laneId] = score;
    store.setState({ scorecards });
  };
  client.events.onTokens = ({ docId, epoch, encoding, fallback, tokens, totalTokens, systemTokens, usage }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId || !s.rows) return;
    const doc = { ...s.doc, epoch, encoding, totalTokens, systemTokens, ...(usage ? { usage } : {}), ...(fallback ? { countFallback: fallback } : {}) };
    if (!fallback) delete doc.countFallback;
    // A budget still at its default (half the estimate) moves to half the exact count; one the user set stays.
    const atDefault = s.budget.unit === 'tokens' && s.budget.value === Math.round(s.doc.totalTokens / 2);
    store.setState(withItems(s, { doc, rows: { ...s.rows, tokens }, countProgress: undefined }));
    if (atDefault) {
      const value = Math.round(totalTokens / 2);
      store.getState().setBudget({ unit: 'tokens', value });
      // The load's announcement said the estimate's budget: a screen reader hears where it moved.
      if (value !== s.budget.value) store.getState().announce(`Exact counts in: the budget is now ${formatNumber(value)} tokens, half the transcript.`);
    }
  };
  client.events.onCountProgress = ({ docId, fraction, error }) => {
    const s = store.getState();
    if (s.doc?.docId === docId) store.setState({ countProgress: fraction < 1 ? fraction : undefined, countError: error });
  };
  client.events.onLaneError = ({ docId, laneId, key, message }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId) return;
    store.setState({ laneErrors: { ...s.laneErrors, [laneId]: { key, message } } });
  };
  client.events.onPlanError = (message) => store.getState().announce(`Pruning failed: ${message}`);
  client.events.onVerdicts = ({ docId, verdicts }) => {
    const s = store.getState();
    if (s.doc?.docId !== docId) return;
    const byLane = { ...s.verdicts };
    for (const verdict of verdicts) byLane[verdict.laneId] = verdict;
    store.setState({ verdicts: byLane });
  };
}
