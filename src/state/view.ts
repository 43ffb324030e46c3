/**
 * The view a URL hash holds: the lanes and their options, the budget, pins, selection, filters, focus, conversation,
 * and a fingerprint of the transcript it was made for. Never the transcript. Pure encode/decode, so a shared link
 * reopens the same view on the same file. Lanes are named by strategy id and referred to by position (1-based).
 */
import { FATE_NAMES, getStrategy, isStrategyId, type MessageFate, type StrategyId } from '../core';
import type { Budget } from '../worker/protocol';
import { DEFAULT_PANEL, isPanelId, type PanelId } from './panels';

export type RoleName = 'user' | 'assistant';
export const ROLE_NAMES: readonly RoleName[] = ['user', 'assistant'];

export interface Filters {
  roles: RoleName[];
  tools: string[];
  /** By lane id: the fates to show for that lane. */
  fates: Record<string, MessageFate[]>;
  /** Show only rows that match the search. */
  matchesOnly: boolean;
}

export const NO_FILTERS: Filters = { roles: [], tools: [], fates: {}, matchesOnly: false };

export type LaneOptions = Record<string, number | boolean | string | readonly string[]>;

/** A lane as the hash holds it: no id (ids are given on load), options that differ from the defaults. */
export interface LaneView {
  strategy: StrategyId;
  options: LaneOptions;
  budget?: Budget;
}

export interface ViewState {
  conversation?: number;
  budget?: Budget;
  lanes?: LaneView[];
  pinned?: number[];
  selected?: number;
  /** Lane position, from 0. */
  focus?: number;
  query?: string;
  /** Of the transcript the view was made for (`DocSummary.fingerprint`). */
  fingerprint?: string;
  /** Absent: what the agent sent last when the conversation was compacted, else the whole history. */
  scope?: 'whole' | 'last-sent';
  /** Absent: on. */
  repair?: boolean;
  /** Absent: the first of `PANELS` (the timeline). */
  panel?: PanelId;
  roles: RoleName[];
  tools: string[];
  /** By lane position. */
  fates: Record<number, MessageFate[]>;
  matchesOnly: boolean;
}

export const EMPTY_VIEW: ViewState = { roles: [], tools: [], fates: {}, matchesOnly: false };

export function encodeView(view: ViewState): string {
  const params = new URLSearchParams();
  if (view.fingerprint) params.set('fp', view.fingerprint);
  if (view.conversation !== undefined && view.conversation > 0) params.set('conv', String(view.conversation));
  if (view.scope) params.set('scope', view.scope);
  if (view.repair === false) params.set('repair', 'off');
  if (view.panel && view.panel !== DEFAULT_PANEL) params.set('panel', view.panel);
  if (view.budget) params.set('budget', encodeBudget(view.budget));
  if (view.lanes) params.set('lanes', view.lanes.map(encodeLane).join(','));
  if (view.pinned?.length) params.set('pin', view.pinned.join(','));
  if (view.selected !== undefined && view.selected >= 0) params.set('sel', String(view.selected));
  if (view.focus !== undefined) params.set('focus', String(view.focus + 1));
  if (view.roles.length) params.set('role', view.roles.join(','));
  if (view.tools.length) params.set('tool', view.tools.join(','));
  for (const [position, fates] of Object.entries(view.fates)) {
    if (fates.length) params.set(`fate.${Number(position) + 1}`, fates.join(','));
  }
  if (view.matchesOnly) params.set('only', 'matches');
  if (view.query) params.set('q', view.query);
  return params.toString();
}

export function decodeView(hash: string): ViewState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const list = (key: string): string[] =>
    (params.get(key) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const view: ViewState = {
    roles: list('role').filter((r): r is RoleName => (ROLE_NAMES as readonly string[]).includes(r)),
    tools: list('tool').slice(0, 100),
    fates: {},
    matchesOnly: params.get('only') === 'matches',
  };
  for (const [key, value] of params) {
    const position = /^fate\.(\d{1,2})$/.exec(key)?.[1];
    if (position === undefined || Number(position) < 1) continue;
    const fates = value.split(',').filter((f): f is MessageFate => (FATE_NAMES as readonly string[]).includes(f));
    if (fates.length) view.fates[Number(position) - 1] = fates;
  }
  const fingerprint = params.get('fp');
  if (fingerprint && /^[\w-]{1,32}$/.test(fingerprint)) view.fingerprint = fingerprint;
  const scope = params.get('scope');
  if (scope === 'whole' || scope === 'last-sent') view.scope = scope;
  if (params.get('repair') === 'off') view.repair = false;
  const panel = params.get('panel');
  if (isPanelId(panel) && panel !== DEFAULT_PANEL) view.panel = panel;
  const conversation = nonNegativeInt(params.get('conv'));
  if (conversation !== undefined) view.conversation = conversation;
  // `turns` is what links made before the budget had units say.
  const budget = decodeBudget(params.get('budget')) ?? (params.has('turns') ? decodeBudget(`m${params.get('turns')}`) : undefined);
  if (budget) view.budget = budget;
  const lanes = list('lanes').slice(0, 12).map(decodeLane).filter((lane): lane is LaneView => lane !== undefined);
  if (lanes.length) view.lanes = lanes;
  const pinned = list('pin').map(nonNegativeInt).filter((i): i is number => i !== undefined);
  if (pinned.length) view.pinned = [...new Set(pinned)].sort((a, b) => a - b).slice(0, 1000);
  const selected = nonNegativeInt(params.get('sel'));
  if (selected !== undefined) view.selected = selected;
  const focus = nonNegativeInt(params.get('focus'));
  if (focus !== undefined && focus >= 1) view.focus = focus - 1;
  const query = params.get('q');
  if (query) view.query = query.slice(0, 500);
  return view;
}

function nonNegativeInt(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

function encodeBudget(budget: Budget): string {
  return `${budget.unit === 'tokens' ? 't' : 'm'}${budget.value}`;
}

function decodeBudget(text: string | null): Budget | undefined {
  const match = /^([tm])(\d{1,10})$/.exec(text ?? '');
  if (!match) return undefined;
  return { unit: match[1] === 't' ? 'tokens' : 'messages', value: Number(match[2]) };
}

/** `importance@m20`, `observation-masking(keepRecent=5;excludeTools=Read+Grep)`. */
function encodeLane(lane: LaneView): string {
  const options = Object.entries(lane.options).map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : typeof value === 'string' ? encodeURIComponent(value) : String(value)}`);
  return `${lane.strategy}${options.length ? `(${options.join(';')})` : ''}${lane.budget ? `@${encodeBudget(lane.budget)}` : ''}`;
}

/** A lane from the hash, with only the options its strategy has and values in their ranges; undefined if unknown. */
function decodeLane(text: string): LaneView | undefined {
  const match = /^([a-z-]+)(?:\(([^)]*)\))?(?:@([tm]\d{1,10}))?$/.exec(text);
  if (!match || !isStrategyId(match[1])) return undefined;
  const strategy = match[1];
  const specs = getStrategy(strategy).options;
  const options: LaneOptions = {};
  for (const pair of (match[2] ?? '').split(';')) {
    const [key, raw = ''] = pair.split('=');
    const spec = specs.find((s) => s.key === key);
    if (!spec) continue;
    if (spec.kind === 'integer') {
      const value = Number(raw);
      if (Number.isInteger(value) && value >= spec.min && value <= spec.max) options[spec.key] = value;
    } else if (spec.kind === 'boolean') {
      if (raw === 'true' || raw === 'false') options[spec.key] = raw === 'true';
    } else if (spec.kind === 'choice') {
      if (spec.choices.includes(raw)) options[spec.key] = raw;
    } else if (spec.kind === 'text') {
      try {
        options[spec.key] = decodeURIComponent(raw).slice(0, spec.maxLength);
      } catch {
        // A broken escape: leave the option at its default.
      }
    } else {
      options[spec.key] = raw.split('+').filter(Boolean).slice(0, 50);
    }
  }
  const budget = decodeBudget(match[3] ?? null);
  return { strategy, options, ...(budget ? { budget } : {}) };
}

export function hasFilters(filters: Filters): boolean {
  return filters.roles.length > 0 || filters.tools.length > 0 || filters.matchesOnly || Object.values(filters.fates).some((f) => f.length > 0);
}
