/** The inspector's state and actions, as types, and what is derived from them (items on screen, lane status). */
import type {
  Budget,
  DocSummary,
  ExportResult,
  LaneSpec,
  LoadErrorInfo,
  LoadPhase,
  LoadSource,
  MessageDetail,
  PlanRequest,
  LaneScore,
  PlanResult,
  ProbePromptInfo,
  ProbesAnswer,
  RowData,
  Verdict,
} from '../worker/protocol';
import type { LoadOutcome } from '../worker/client';
import { planKey } from '../worker/lanes';
import type { StrategyId, TokenEncoding } from '../core';
import type { Filters, LaneOptions, ViewState } from './view';
import { visibleRows, type ExtraRow } from './visible-rows';
import type { PanelId } from './panels';
import type { ModelSettings } from './model-settings';

export interface LoadingStatus {
  fileName: string;
  phase: LoadPhase;
  bytes?: number;
  startedAt: number;
  /** The conversation being opened, when it is another one of the loaded file: the picker shows it while it loads. */
  conversation?: number;
}

export interface JumpNotice {
  text: string;
  /** The filters before the jump relaxed them. */
  previous: Filters;
  seq: number;
}

export interface InspectorState {
  loading?: LoadingStatus;
  loadError?: LoadErrorInfo;
  doc?: DocSummary;
  rows?: RowData;
  /** How the conversation is opened (see `OpenOptions`); the doc says what was chosen for it. */
  scope: 'auto' | 'whole' | 'last-sent';
  repair: boolean;
  /** How tokens are counted: `auto` follows the source format. */
  encoding: TokenEncoding | 'auto';
  /** While exact counts are on their way: the share counted so far. */
  countProgress?: number;
  /** Why exact counts failed, when they did; the rows keep their estimates. */
  countError?: string;
  lanes: LaneSpec[];
  /** The bound every lane without one of its own is asked to meet. */
  budget: Budget;
  /** Pinned messages, ascending: never dropped, summarized or masked by any lane. */
  pinned: number[];
  /** Each lane's latest plan by lane id; it may answer an older budget while the new one is planned (see `laneStatus`). */
  plans: Record<string, PlanResult>;
  /**
   * Each lane's last scorecard heard apart from its plan (a budget change's plans come without them, see
   * `PlanResult.scorecard`): the shown plan's when the keys match, else the one before it, shown dimmed meanwhile.
   */
  scorecards: Record<string, LaneScore>;
  laneErrors: Record<string, { key: string; message: string }>;
  verdicts: Record<string, Verdict>;
  /** Message index, or -1. */
  selected: number;
  hovered: number;
  filters: Filters;
  /** Lane id. */
  focus?: string;
  query: string;
  matches: Int32Array;
  matchMask?: Uint8Array;
  searching: boolean;
  /** Visible rows in order; negative values are `extras` (see `visibleRows`). */
  items: Int32Array;
  extras: ExtraRow[];
  detail?: MessageDetail;
  /** Bumped to ask the timeline to scroll the selection into view. */
  scrollSeq: number;
  /** Bumped to ask the detail pane to take focus. */
  detailFocusSeq: number;
  /** The details drawer (narrow windows) is open: Enter, a double-click or its button opened it. */
  detailOpen: boolean;
  helpOpen: boolean;
  /** The first-run explainer (what the sample, a lane, a cell, the budget and the scorecard are) is open. */
  explainerOpen: boolean;
  jumpNotice?: JumpNotice;
  /** Said when a shared link could not be applied as it was (made for another transcript). */
  viewNotice?: string;
  /** Polite status for screen readers. */
  announcement: string;
  /** Where the open transcript came from: the replay reads it again from there (it never leaves the page). */
  source?: LoadSource;
  /** What the main area shows (`PANELS`): the timeline, or the replay of the agent's requests. */
  panel: PanelId;
  /** How the worker runs: a Worker, or the main-thread fallback. */
  engine: 'worker' | 'main-thread';
  /** A model of the user's own (the ? dialog's "Model…"), and whether it writes the lanes' summaries. */
  modelSettings: ModelSettings;
}

export interface InspectorActions {
  load(source: LoadSource, view?: ViewState): Promise<LoadOutcome>;
  /** The user is about to open a file (Upload pointed at, Paste… opened, files dragged in): its worker starts now. */
  prepareLoad(): void;
  selectConversation(index: number): Promise<void>;
  setScope(scope: 'whole' | 'last-sent'): Promise<void>;
  setRepair(on: boolean): Promise<void>;
  setEncoding(encoding: TokenEncoding | 'auto'): void;
  setBudget(budget: Budget): void;
  setBudgetUnit(unit: Budget['unit']): void;
  addLane(strategy: StrategyId, options?: LaneOptions, budget?: Budget): void;
  removeLane(id: string): void;
  moveLane(id: string, delta: -1 | 1): void;
  updateLane(id: string, update: { options?: LaneOptions; budget?: Budget | null }): void;
  togglePin(index: number): void;
  select(index: number, options?: { scroll?: boolean }): void;
  moveSelection(delta: number | 'first' | 'last'): void;
  hover(index: number): void;
  setFilters(update: Partial<Filters>): void;
  clearFilters(): void;
  setFocus(laneId: string | undefined): void;
  setQuery(query: string): void;
  stepMatch(direction: 1 | -1): void;
  openDetail(): void;
  setDetailOpen(open: boolean): void;
  setHelpOpen(open: boolean): void;
  setExplainerOpen(open: boolean): void;
  setPanel(panel: PanelId): void;
  dismissError(): void;
  exportLane(laneId: string): Promise<ExportResult | null>;
  /** Select message `target`, first clearing any filter that hides it (and saying so). */
  jumpTo(target: number): void;
  dismissJumpNotice(): void;
  dismissViewNotice(): void;
  applyView(view: ViewState): void;
  announce(text: string): void;
  /** The questions a lane's model-answered probes would send (null when stale or nothing is loaded). */
  probePrompts(laneId: string): Promise<ProbePromptInfo[] | null>;
  /** A lane's probes answered by the model of the settings; rejects with its error, null when stopped. */
  askProbes(laneId: string, onStep?: (done: number, total: number) => void): Promise<ProbesAnswer | null>;
  cancelProbes(): void;
  /** Keeps the model settings (storage: see `writeModelSettings`) and tells the worker what the lanes use. */
  setModelSettings(settings: ModelSettings): void;
}

export type Inspector = InspectorState & InspectorActions;

/** What the worker is asked to plan for the state's lanes, budget and pins. */
export function planRequestOf(state: Pick<InspectorState, 'lanes' | 'budget' | 'pinned' | 'doc'>): PlanRequest {
  return { lanes: state.lanes, budget: state.budget, pinned: state.pinned, epoch: state.doc?.epoch ?? 0 };
}

/** Each lane's plan on screen, in lane order (undefined while a lane has none). */
export function lanePlans(state: Pick<InspectorState, 'lanes' | 'plans'>): (PlanResult | undefined)[] {
  return state.lanes.map((lane) => state.plans[lane.id]);
}

/**
 * `ready`: the plan answers the lane's current budget and pins. `updating`: it answers an older one (the new one is
 * on its way; the old one is shown dimmed). `planning`: no plan yet. `error`: the lane's config was refused.
 */
export function laneStatus(state: Pick<InspectorState, 'plans' | 'laneErrors' | 'budget' | 'pinned' | 'doc'>, lane: LaneSpec): 'ready' | 'updating' | 'planning' | 'error' {
  const key = planKey(lane, state.budget, state.pinned, state.doc?.epoch ?? 0);
  if (state.laneErrors[lane.id]?.key === key) return 'error';
  const plan = state.plans[lane.id];
  if (!plan) return 'planning';
  return plan.key === key ? 'ready' : 'updating';
}

/**
 * `partial` plus the visible rows for `state` with `partial` applied: the same `items` (and `extras`) as `state`'s
 * when they would not change, so the timeline's window is not worked out again for a plan that moves no row.
 */
export function withItems(state: InspectorState, partial: Partial<InspectorState> = {}): Partial<InspectorState> {
  const s = { ...state, ...partial };
  if (!s.rows) return { ...partial, items: new Int32Array(0), extras: [] };
  const previous = { items: state.items, extras: state.extras };
  const { items, extras } = visibleRows(s.rows, lanePlans(s), s.lanes.map((l) => l.id), s.filters, s.matchMask, s.doc?.boundaries, previous);
  return { ...partial, items, extras };
}

/** A modal dialog (shortcuts, explainer) is open: page shortcuts and popovers stand aside. */
export function modalOpen(s: Pick<InspectorState, 'helpOpen' | 'explainerOpen'>): boolean {
  return s.helpOpen || s.explainerOpen;
}
