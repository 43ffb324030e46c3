import { memo, type CSSProperties } from 'react';
import { FATE_NAMES, REASON_TEXT, type MessageFate, type ReasonCode } from '../../core';
import { ROW_FLAG, type DocSummary, type InsertInfo } from '../../worker/protocol';
import { fateLabel, fateShortLabel } from '../common/fate-badge';
import { cx, formatCompact, formatInt } from '../common/format';
import { ShortWord } from '../common/short-word';
import { InsertSummary } from './insert-summary';

export const ROW_H = 30;

export interface RowProps {
  index: number;
  top: number;
  role: 0 | 1;
  flags: number;
  preview: string;
  chars: number;
  tokens: number;
  score: number;
  group: number;
  callCount: number;
  resultCount: number;
  partnerCount: number;
  /** One character per lane: its fate code, or '.' while the lane has no plan. */
  fates: string;
  /** One character per lane: its reason code (as a char code), for the cell's title. */
  reasons: string;
  /** Per lane, separated by \u0002: a tag and a sentence of score terms (\u0001 between), or nothing. */
  cells: string;
  /** The lanes, for their ids and names; the same array until the lanes change. */
  lanes: readonly RowLane[];
  pinned: boolean;
  selected: boolean;
  /** On the selected row: the lane whose cell is active (←/→), or -1. */
  activeLane: number;
  /** The row is a partner of the hovered/selected row. */
  linked: boolean;
  /** The row is the hovered/selected row and has partners. */
  linkSource: boolean;
  match: boolean;
  focusLane: number;
  onSelect: (index: number) => void;
  onOpen: (index: number) => void;
  onHover: (index: number) => void;
  onJump: (index: number) => void;
  onScoreTip: (index: number, target: HTMLElement | null) => void;
}

export interface RowLane {
  id: string;
  strategy: string;
  label: string;
}

function fateName(code: number): MessageFate {
  return FATE_NAMES[code] ?? 'kept';
}

/** The sentence a lane cell says on hover: "Importance: dropped, its tool group scored among the lowest." */
export function reasonSentence(lane: string, fate: MessageFate, reason: number): string {
  const why = REASON_TEXT[reason as ReasonCode];
  return `${lane}: ${fate}${why ? `, ${why}` : ''}.`;
}

/** A hue per tool group, so a call and its result carry the same marker colour (a supplement to the glyphs). */
function groupHue(group: number): number {
  return (group * 137.508) % 360;
}

/**
 * One message. Kept cheap on purpose (a scroll mounts dozens at once): few elements, no Intl, no SVG, only
 * primitive props so `memo` skips rows whose data did not change; `contain: strict` keeps its layout to itself.
 */
export const TimelineRow = memo(function TimelineRow(p: RowProps) {
  const isTool = p.partnerCount > 0;
  const isCall = (p.flags & ROW_FLAG.toolUse) !== 0;
  const isResult = (p.flags & ROW_FLAG.toolResult) !== 0;
  const isError = (p.flags & ROW_FLAG.error) !== 0;
  const orphan = (p.flags & ROW_FLAG.orphan) !== 0;
  const linkLabel = isCall && isResult ? 'call and result' : isCall ? 'tool call' : 'tool result';
  const hue = isTool ? groupHue(p.group) : 0;

  return (
    <div
      role="row"
      id={`row-${p.index}`}
      data-index={p.index}
      data-linked={p.linked ? 'true' : undefined}
      data-link-source={p.linkSource ? 'true' : undefined}
      data-match={p.match ? 'true' : undefined}
      aria-selected={p.selected}
      aria-rowindex={p.index + 2}
      onClick={() => p.onSelect(p.index)}
      onDoubleClick={() => p.onOpen(p.index)}
      onMouseMove={() => p.onHover(p.index)}
      className={cx(
        'timeline-grid timeline-row',
        p.selected ? 'is-selected' : p.linked || p.linkSource ? 'is-linked' : undefined,
        p.linked && 'is-link-target',
      )}
      style={{ transform: `translateY(${p.top}px)` }}
    >
      <div role="gridcell" className="cell-center">
        {isTool ? (
          <button
            type="button"
            tabIndex={-1}
            aria-label={`Jump from this ${linkLabel} to its partner`}
            title={`${linkLabel}: jump to partner (p)`}
            onClick={(e) => {
              e.stopPropagation();
              p.onJump(p.index);
            }}
            className="link-dot"
            style={{ '--hue': hue } as CSSProperties}
          >
            {isCall && !isResult ? '↓' : isResult && !isCall ? '↑' : '↕'}
          </button>
        ) : orphan ? (
          <span title="Tool block without a partner" aria-label="orphan tool block" className="text-[11px] text-rose-600 dark:text-rose-400">
            ⊘
          </span>
        ) : null}
      </div>
      <div role="gridcell" className="cell-index">
        {p.index}
      </div>
      <div role="gridcell" className="cell-role">
        <span className={p.role === 1 ? 'role-pill role-assistant' : 'role-pill role-user'}>{p.role === 1 ? 'assistant' : 'user'}</span>
      </div>
      <div role="gridcell" className="cell-message">
        {isCall && <span className="tag tag-call">call{p.callCount > 1 ? ` ×${p.callCount}` : ''}</span>}
        {isResult && <span className="tag tag-result">result{p.resultCount > 1 ? ` ×${p.resultCount}` : ''}</span>}
        {isError && <span className="tag tag-error">error</span>}
        {(p.flags & ROW_FLAG.compactSummary) !== 0 && <span className="tag tag-compact">compact</span>}
        {p.pinned && (
          <span className="tag tag-pin" title="Pinned: no lane drops, summarizes or masks it (or its tool call or result)">
            pinned
          </span>
        )}
        {(p.flags & ROW_FLAG.thinking) !== 0 && (
          <span className="shrink-0 text-[11px] text-zinc-600 dark:text-zinc-400" title="has thinking" aria-label="has thinking">
            ✻
          </span>
        )}
        <span className={p.match ? 'preview is-match' : 'preview'}>{p.preview}</span>
      </div>
      <div role="gridcell" className="cell-chars" title={`${formatInt(p.tokens)} tokens · ${formatInt(p.chars)} characters`}>
        {formatCompact(p.tokens)}
        <span className="cell-unit"> tok</span>
      </div>
      <div role="gridcell" className="cell-score">
        <span
          tabIndex={p.selected ? 0 : -1}
          aria-label={`Importance score ${p.score.toFixed(2)}`}
          data-score-for={p.index}
          onMouseEnter={(e) => p.onScoreTip(p.index, e.currentTarget)}
          onMouseLeave={() => p.onScoreTip(-1, null)}
          onFocus={(e) => p.onScoreTip(p.index, e.currentTarget)}
          onBlur={() => p.onScoreTip(-1, null)}
          className="score"
        >
          <span className="score-bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, p.score * 100)}%` }} />
          </span>
          {p.score.toFixed(2)}
        </span>
      </div>
      {p.lanes.map((lane, k) => {
        const code = p.fates[k] ?? '.';
        if (code === '.') {
          return (
            <div role="gridcell" key={lane.id} data-lane={lane.id} data-pos={k} data-strategy={lane.strategy} className={cx('fate-cell is-planning', p.focusLane === k && 'is-focus')}>
              …
            </div>
          );
        }
        const fate = fateName(Number(code));
        const [tag, terms] = (p.cells ? (p.cells.split('\u0002')[k] ?? '') : '').split('\u0001');
        const active = p.activeLane === k;
        return (
          <div
            role="gridcell"
            key={lane.id}
            id={active ? `cell-${p.index}-${k}` : undefined}
            aria-describedby={active ? 'cell-tip' : undefined}
            data-lane={lane.id}
            data-pos={k}
            data-strategy={lane.strategy}
            data-fate={fate}
            title={`${reasonSentence(lane.label, fate, p.reasons.charCodeAt(k))}${terms ? ` ${terms}` : ''}`}
            className={cx('fate fate-cell', `fate-${fate}`, p.focusLane === k && 'is-focus', active && 'is-active')}
          >
            {/* Only "Summarized" is ever too wide for a cell (index.css): the other cells keep one text node. */}
            <span className="fate-word">{fate === 'summarized' ? <ShortWord word={fateLabel(fate)} short={fateShortLabel(fate)} below={104} /> : fateLabel(fate)}</span>
            {tag && <span className="cell-tag">{tag.replace(/_/g, ' ')}</span>}
          </div>
        );
      })}
    </div>
  );
});

/** A message a lane's plan adds (a summary), shown where it lands; only that lane's column says so. */
export function InsertRow({ top, insert, lane, lanes, focusLane }: { top: number; insert: InsertInfo; lane: number; lanes: readonly RowLane[]; focusLane: number }) {
  const owner = lanes[lane];
  const summaryOf = `${insert.replaces} ${insert.replaces === 1 ? 'message' : 'messages'}`;
  return (
    <div
      role="row"
      data-insert-row="true"
      data-lane={owner?.id}
      className="timeline-grid absolute left-0 top-0 overflow-hidden border-y border-dashed border-amber-400/70 bg-amber-50/60 text-[13px] dark:border-amber-500/40 dark:bg-amber-500/5"
      style={{ height: ROW_H, transform: `translateY(${top}px)` }}
    >
      <div role="gridcell" />
      <div role="gridcell" className="flex items-center justify-end pr-2 font-mono text-[12px] text-amber-700 dark:text-amber-300">
        +
      </div>
      <div role="gridcell" className="flex items-center">
        <span className="rounded bg-zinc-100 px-1.5 py-px text-[11px] font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">user</span>
      </div>
      <div role="gridcell" className="flex min-w-0 items-center gap-1.5 overflow-hidden pr-2" title={`${owner?.label ?? 'A lane'} puts this message in place of the ${summaryOf} it removes: “${insert.text.slice(0, 300)}”`}>
        <span className="shrink-0 rounded border border-amber-400 px-1 text-[10px] font-medium uppercase tracking-wide text-amber-700 dark:text-amber-300">synthetic</span>
        {/* The model's state first: the lane's column already says whose summary this is. */}
        {insert.model && <ModelNote state={insert.model} />}
        <InsertSummary insert={insert} laneLabel={owner?.label ?? 'Summary'} className={insert.model ? 'shrink-[8]' : 'shrink'} />
        <span className="min-w-0 shrink-[4] truncate italic text-zinc-600 dark:text-zinc-400">{insert.text.slice(0, 200)}</span>
      </div>
      <div role="gridcell" className="cell-chars flex items-center justify-end overflow-hidden pr-3 font-mono text-[11.5px] tabular-nums text-zinc-600 dark:text-zinc-400">
        {formatCompact(insert.tokens)} tok
      </div>
      <div role="gridcell" className="cell-score flex items-center pl-1 text-[11px] text-zinc-500 dark:text-zinc-400">—</div>
      {lanes.map((l, k) => (
        <div role="gridcell" key={l.id} data-lane={l.id} className={cx('flex items-center border-l border-zinc-200/80 px-2 text-[12px] dark:border-zinc-800', focusLane === k && 'ring-1 ring-inset ring-indigo-400/60')}>
          {k === lane ? (
            <span className="fate fate-summarized inline-flex h-full w-full items-center gap-1.5 font-medium" aria-label={`${l.label} inserts this summary message here`}>
              <span aria-hidden="true" className="font-bold">+</span> Inserted
            </span>
          ) : (
            <span className="text-zinc-500 dark:text-zinc-400 dark:text-zinc-400" aria-label="not in this lane's output">
              —
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/** What a model of the user's own is doing about a summary: writing it, wrote it, or failed (and why). */
function ModelNote({ state }: { state: NonNullable<InsertInfo['model']> }) {
  if (state.state === 'asking') {
    return (
      <span role="status" data-model-state="asking" title={`Summarizing with ${state.model}: the extractive summary is shown until it answers.`} className="inline-flex min-w-0 shrink items-center gap-1 text-[12px] text-indigo-700 dark:text-indigo-300">
        <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" />
        <span className="truncate">summarizing with {state.model}…</span>
      </span>
    );
  }
  if (state.state === 'answered') {
    return (
      <span data-model-state="answered" className="shrink-0 rounded border border-indigo-400 px-1 text-[10px] font-medium text-indigo-700 dark:border-indigo-400/60 dark:text-indigo-300">
        by {state.model}
      </span>
    );
  }
  return (
    <span role="status" data-model-state="failed" title={`${state.model} failed: ${state.reason ?? ''} The extractive summary is kept.`} className="min-w-0 shrink truncate text-[12px] font-medium text-red-700 dark:text-red-300">
      ⚠ {state.model} failed: {state.reason}
    </span>
  );
}

/**
 * Where the agent compacted its context: what came before was no longer sent; the summary after it was. Opened as
 * last sent, nothing lies above the first boundary: the banner says where the earlier messages are instead.
 */
export function BoundaryRow({ top, boundary, hidden = 0 }: { top: number; boundary: DocSummary['boundaries'][number]; hidden?: number }) {
  const who = boundary.kind === 'compaction-block' ? 'by the API' : boundary.trigger === 'manual' ? 'by the user (/compact)' : 'by the agent';
  const size = boundary.preTokens !== undefined ? ` · ${formatInt(boundary.preTokens)} tokens before` : '';
  const before =
    boundary.before === 0 && hidden > 0
      ? `the ${formatInt(hidden)} earlier ${hidden === 1 ? 'message was' : 'messages were'} no longer sent and are not shown (Whole history shows them); the summary below was sent next`
      : 'the messages above were no longer sent; the summary below was';
  return (
    <div
      role="row"
      data-boundary-row="true"
      // A timeline grid, one cell across every column: as wide as the rows, also when they scroll sideways.
      className="timeline-grid absolute left-0 top-0 z-[2] items-center border-y-2 border-double border-sky-500/60 bg-sky-50 px-3 text-[12.5px] font-medium text-sky-900 dark:border-sky-400/50 dark:bg-sky-500/10 dark:text-sky-200"
      style={{ height: ROW_H, transform: `translateY(${top}px)` }}
    >
      <span role="gridcell" className="col-span-full min-w-0 truncate">
        ⇣ Compacted {who}
        {size} — {before}
      </span>
    </div>
  );
}
