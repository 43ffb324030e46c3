import { useMemo, type ReactNode } from 'react';
import { FATE_NAMES, type MessageFate } from '../../core';
import { ROLE_NAMES, hasFilters, positionOf, type RoleName } from '../../state';
import { useInspector } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import { FateIcon } from '../common/fate-badge';
import { Popover } from '../layout/popover';
import { cx, formatInt, plural } from '../common/format';

const CHIP =
  'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-[12px] font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const CHIP_OFF = 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800';
const CHIP_ON = 'border-indigo-500 bg-indigo-50 text-indigo-800 dark:border-indigo-400 dark:bg-indigo-500/15 dark:text-indigo-200';

export function SearchBox() {
  const query = useInspector((s) => s.query);
  const setQuery = useInspector((s) => s.setQuery);
  const stepMatch = useInspector((s) => s.stepMatch);
  const matches = useInspector((s) => s.matches);
  const selected = useInspector((s) => s.selected);
  const searching = useInspector((s) => s.searching);

  const position = positionOf(matches, selected);

  return (
    <div className="flex items-center gap-1.5">
      <div className="relative">
        <svg viewBox="0 0 16 16" aria-hidden="true" className="pointer-events-none absolute left-2 top-1/2 h-3.5 w-3.5 -translate-y-1/2 text-zinc-400" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="7" cy="7" r="4.5" />
          <path d="M10.5 10.5L14 14" strokeLinecap="round" />
        </svg>
        <input
          id="search-input"
          type="search"
          aria-label="Search messages"
          aria-keyshortcuts="/"
          placeholder="Search messages"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              stepMatch(e.shiftKey ? -1 : 1);
            } else if (e.key === 'Escape') {
              // The first Escape clears the query (and its highlights), the next leaves the field, as a find bar does.
              e.preventDefault();
              if (query) setQuery('');
              else e.currentTarget.blur();
            }
          }}
          className="w-60 rounded-md border border-zinc-300 bg-white py-1 pl-7 pr-8 text-[13px] text-zinc-900 placeholder:text-zinc-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
        <kbd className="kbd pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 text-zinc-600 dark:text-zinc-400">/</kbd>
      </div>
      <IconButton label="Previous match (Shift+Enter)" disabled={matches.length === 0} onClick={() => stepMatch(-1)}>
        ↑
      </IconButton>
      <IconButton label="Next match (Enter)" disabled={matches.length === 0} onClick={() => stepMatch(1)}>
        ↓
      </IconButton>
      <span className="min-w-[5.5rem] font-mono text-[12px] tabular-nums text-zinc-500 dark:text-zinc-400" data-testid="match-count">
        {query.trim() ? (searching ? 'searching…' : matches.length === 0 ? 'no matches' : position >= 0 ? `${position + 1} / ${matches.length}` : plural(matches.length, 'match')) : ''}
      </span>
    </div>
  );
}

function IconButton({ label, children, disabled, onClick }: { label: string; children: ReactNode; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-6 w-6 items-center justify-center rounded border border-zinc-300 text-[12px] text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-40 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      {children}
    </button>
  );
}

/** A filter menu: the shared popover (Escape and outside clicks close it, focus goes back to its button). */
function FilterMenu({ label, badge, children }: { label: string; badge: number; children: ReactNode }) {
  return (
    <Popover
      button={
        <>
          {label}
          {badge > 0 && <span className="rounded-full bg-indigo-600 px-1.5 text-[10px] text-white">{badge}</span>}
          <span aria-hidden="true" className="text-[9px]">
            ▼
          </span>
        </>
      }
      buttonLabel={badge > 0 ? `${label}, ${badge} on` : label}
      buttonClassName={cx(CHIP, badge > 0 ? CHIP_ON : CHIP_OFF)}
      panelLabel={label}
      width={280}
    >
      {children}
    </Popover>
  );
}

function Check({
  label,
  count,
  countLabel,
  checked,
  onChange,
  icon,
}: {
  label: string;
  count: number;
  countLabel?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  icon?: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-[12.5px] text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} className="accent-indigo-600" />
      {icon}
      <span className="flex-1 truncate">{label}</span>
      <span className="font-mono text-[11px] tabular-nums text-zinc-500 dark:text-zinc-400" title={countLabel}>
        {formatInt(count)}
      </span>
    </label>
  );
}

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

export function FilterBar() {
  const rows = useInspector((s) => s.rows);
  const filters = useInspector((s) => s.filters);
  const plans = useInspector((s) => s.plans);
  const lanes = useInspector((s) => s.lanes);
  const items = useInspector((s) => s.items);
  const query = useInspector((s) => s.query);
  const setFilters = useInspector((s) => s.setFilters);
  const clearFilters = useInspector((s) => s.clearFilters);
  const count = rows?.count ?? 0;

  const roleCounts = useMemo(() => {
    const counts: Record<RoleName, number> = { user: 0, assistant: 0 };
    if (rows) for (let i = 0; i < rows.count; i++) counts[rows.role[i] === 1 ? 'assistant' : 'user']++;
    return counts;
  }, [rows]);
  const tools = useMemo(
    () =>
      rows
        ? rows.toolNames.map((name, id) => ({ name, count: rows.toolNameCounts[id] as number })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
        : [],
    [rows],
  );
  // Shown only while a filter is on: the messages on screen, not the lanes' extra rows.
  const filtered = hasFilters(filters);
  const shown = filtered ? items.length - items.filter((item) => item < 0).length : 0;
  const fateFilterCount = lanes.reduce((n, lane) => n + (filters.fates[lane.id]?.length ?? 0), 0);
  const labels = laneLabels(lanes);

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
      <span className="text-[11px] font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Role</span>
      {ROLE_NAMES.map((role) => {
        const on = filters.roles.includes(role);
        return (
          <button
            key={role}
            type="button"
            aria-pressed={on}
            onClick={() => setFilters({ roles: toggle(filters.roles, role, !on) })}
            className={cx(CHIP, on ? CHIP_ON : CHIP_OFF)}
          >
            {role} <span className="font-mono text-[11px] tabular-nums">{formatInt(roleCounts[role])}</span>
          </button>
        );
      })}
      <FilterMenu label="Tools" badge={filters.tools.length}>
        {tools.length === 0 ? (
          <p className="m-0 p-1.5 text-[12px] text-zinc-500 dark:text-zinc-400">No tool calls in this transcript.</p>
        ) : (
          <p className="m-0 flex justify-between gap-3 px-1.5 pb-1 text-[11px] text-zinc-500 dark:text-zinc-400">
            <span>Shows each call and its result</span>
            <span title="Messages that call the tool">calls</span>
          </p>
        )}
        {tools.length > 0 &&
          tools.map((t) => (
            <Check
              key={t.name}
              label={t.name}
              count={t.count}
              countLabel={`${plural(t.count, 'message')} calling ${t.name}`}
              checked={filters.tools.includes(t.name)}
              onChange={(on) => setFilters({ tools: toggle(filters.tools, t.name, on) })}
            />
          ))}
      </FilterMenu>
      <FilterMenu label="Fates" badge={fateFilterCount}>
        {lanes.map((lane, k) => {
          const plan = plans[lane.id];
          const chosen = filters.fates[lane.id] ?? [];
          const label = labels[k] ?? lane.strategy;
          return (
            <fieldset key={lane.id} className="m-0 mb-1 border-0 p-0">
              <legend className="px-1.5 pt-1 text-[11px] font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{label}</legend>
              {FATE_NAMES.map((fate: MessageFate) => (
                <Check
                  key={fate}
                  label={fate}
                  icon={
                    <>
                      {/* The lane belongs in each checkbox's name ("Sliding window: kept 139"), not only in the legend. */}
                      <span className="sr-only">{label}: </span>
                      <span style={{ color: `var(--${fate})` }}>
                        <FateIcon fate={fate} />
                      </span>
                    </>
                  }
                  count={plan?.[fate] ?? 0}
                  checked={chosen.includes(fate)}
                  onChange={(on) => setFilters({ fates: { ...filters.fates, [lane.id]: toggle(chosen, fate, on) } })}
                />
              ))}
            </fieldset>
          );
        })}
      </FilterMenu>
      <label className={cx('inline-flex items-center gap-1.5 text-[12px] text-zinc-700 dark:text-zinc-300', !query.trim() && 'opacity-50')}>
        <input type="checkbox" className="accent-indigo-600" checked={filters.matchesOnly} disabled={!query.trim()} onChange={(e) => setFilters({ matchesOnly: e.currentTarget.checked })} />
        Only matches
      </label>
      {filtered && (
        <>
          <span className="font-mono text-[12px] tabular-nums text-zinc-500 dark:text-zinc-400" data-testid="shown-count">
            {formatInt(shown)} of {formatInt(count)}
          </span>
          <button type="button" onClick={clearFilters} className="rounded px-1.5 text-[12px] font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300">
            Clear filters
          </button>
        </>
      )}
    </div>
  );
}
