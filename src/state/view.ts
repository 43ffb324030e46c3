/**
 * The view a URL hash holds: bound, selection, filters, focused strategy, conversation. Never the transcript.
 * Pure encode/decode, so a shared link reopens the same view on the same file.
 */
import { FATE_NAMES, type MessageFate, type PruneStrategy } from '../core';
import { STRATEGIES } from '../worker/protocol';

export type RoleName = 'user' | 'assistant';
export const ROLE_NAMES: readonly RoleName[] = ['user', 'assistant'];

export interface Filters {
  roles: RoleName[];
  tools: string[];
  fates: Partial<Record<PruneStrategy, MessageFate[]>>;
  /** Show only rows that match the search. */
  matchesOnly: boolean;
}

export const NO_FILTERS: Filters = { roles: [], tools: [], fates: {}, matchesOnly: false };

export interface ViewState {
  maxTurns?: number;
  selected?: number;
  conversation?: number;
  focus?: PruneStrategy;
  query?: string;
  filters: Filters;
}

const STRATEGY_KEYS: Record<PruneStrategy, string> = {
  'sliding-window': 'sw',
  summarize: 'sum',
  importance: 'imp',
};

export function encodeView(view: ViewState): string {
  const params = new URLSearchParams();
  if (view.conversation !== undefined && view.conversation > 0) params.set('conv', String(view.conversation));
  if (view.maxTurns !== undefined) params.set('turns', String(view.maxTurns));
  if (view.selected !== undefined && view.selected >= 0) params.set('sel', String(view.selected));
  if (view.focus) params.set('focus', STRATEGY_KEYS[view.focus]);
  const { filters } = view;
  if (filters.roles.length) params.set('role', filters.roles.join(','));
  if (filters.tools.length) params.set('tool', filters.tools.join(','));
  for (const strategy of STRATEGIES) {
    const fates = filters.fates[strategy];
    if (fates?.length) params.set(`fate.${STRATEGY_KEYS[strategy]}`, fates.join(','));
  }
  if (filters.matchesOnly) params.set('only', 'matches');
  if (view.query) params.set('q', view.query);
  return params.toString();
}

function nonNegativeInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

function strategyFromKey(key: string | null): PruneStrategy | undefined {
  return STRATEGIES.find((s) => STRATEGY_KEYS[s] === key || s === key);
}

export function decodeView(hash: string): ViewState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const list = (key: string): string[] =>
    (params.get(key) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const roles = list('role').filter((r): r is RoleName => (ROLE_NAMES as readonly string[]).includes(r));
  const fates: Filters['fates'] = {};
  for (const strategy of STRATEGIES) {
    const values = list(`fate.${STRATEGY_KEYS[strategy]}`).filter((f): f is MessageFate =>
      (FATE_NAMES as readonly string[]).includes(f),
    );
    if (values.length) fates[strategy] = values;
  }
  const view: ViewState = {
    filters: { roles, tools: list('tool').slice(0, 100), fates, matchesOnly: params.get('only') === 'matches' },
  };
  const maxTurns = nonNegativeInt(params.get('turns'));
  if (maxTurns !== undefined) view.maxTurns = maxTurns;
  const selected = nonNegativeInt(params.get('sel'));
  if (selected !== undefined) view.selected = selected;
  const conversation = nonNegativeInt(params.get('conv'));
  if (conversation !== undefined) view.conversation = conversation;
  const focus = strategyFromKey(params.get('focus'));
  if (focus) view.focus = focus;
  const query = params.get('q');
  if (query) view.query = query.slice(0, 500);
  return view;
}

export function hasFilters(filters: Filters): boolean {
  return (
    filters.roles.length > 0 ||
    filters.tools.length > 0 ||
    filters.matchesOnly ||
    STRATEGIES.some((s) => (filters.fates[s]?.length ?? 0) > 0)
  );
}
