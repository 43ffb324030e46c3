/**
 * What the prune client hands on: a load's outcome, and the events that arrive unasked (plans, counts, lane errors,
 * verdicts) once the client has decided they are still wanted.
 */
import type { Budget, DocSummary, LaneScore, LoadErrorInfo, PlanResult, RowData, Verdict, WorkerResponse } from './protocol';

export interface LoadedDoc {
  status: 'loaded';
  doc: DocSummary;
  rows: RowData;
  budget: Budget;
  plans: PlanResult[];
}
export type LoadOutcome = LoadedDoc | { status: 'error'; error: LoadErrorInfo } | { status: 'stale' };

export interface ClientEvents {
  onTokens?: (update: Extract<WorkerResponse, { type: 'tokens' }>) => void;
  onCountProgress?: (update: { docId: number; fraction: number; error?: string }) => void;
  onPlanned?: (update: { docId: number; plans: PlanResult[] }) => void;
  /** The scorecards of plans `onPlanned` handed on without them. */
  onScored?: (update: { docId: number; scores: LaneScore[] }) => void;
  onLaneError?: (update: { docId: number; laneId: string; key: string; message: string }) => void;
  onVerdicts?: (update: { docId: number; verdicts: Verdict[] }) => void;
  onPlanError?: (message: string) => void;
}

type EventResponse = Extract<WorkerResponse, { type: 'planned' | 'scored' | 'tokens' | 'count-progress' | 'lane-error' | 'verdicts' }>;

/** Tells `events` of a response the client has decided to hear. */
export function heardEvent(response: EventResponse, events: ClientEvents): void {
  switch (response.type) {
    case 'planned':
      events.onPlanned?.({ docId: response.docId, plans: response.plans });
      return;
    case 'scored':
      events.onScored?.({ docId: response.docId, scores: response.scores });
      return;
    case 'tokens':
      events.onTokens?.(response);
      return;
    case 'count-progress':
      events.onCountProgress?.({ docId: response.docId, fraction: response.fraction, ...(response.error !== undefined ? { error: response.error } : {}) });
      return;
    case 'lane-error':
      events.onLaneError?.({ docId: response.docId, laneId: response.laneId, key: response.key, message: response.message });
      return;
    case 'verdicts':
      events.onVerdicts?.({ docId: response.docId, verdicts: response.verdicts });
      return;
  }
}

export function loadOutcome(response: WorkerResponse | null): LoadOutcome {
  if (response === null) return { status: 'stale' };
  if (response.type === 'loaded') return { status: 'loaded', doc: response.doc, rows: response.rows, budget: response.budget, plans: response.plans };
  if (response.type === 'load-error') return { status: 'error', error: response.error };
  if (response.type === 'error') return { status: 'error', error: { message: response.message, formatsTried: [] } };
  return { status: 'stale' };
}
