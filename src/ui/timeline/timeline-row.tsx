import { memo } from 'react';
import { FATE_NAMES, type MessageFate } from '../../core';
import { ROW_FLAG } from '../../worker/protocol';
import { FateBadge } from '../common/fate-badge';
import { cx, formatCompact, formatTokens } from '../common/format';

export const ROW_H = 30;

export interface RowProps {
  index: number;
  top: number;
  role: 0 | 1;
  flags: number;
  preview: string;
  chars: number;
  score: number;
  group: number;
  callCount: number;
  resultCount: number;
  partnerCount: number;
  fateSw: number;
  fateSum: number;
  fateImp: number;
  selected: boolean;
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

const LANES = ['sliding-window', 'summarize', 'importance'] as const;

function fateName(code: number): MessageFate {
  return FATE_NAMES[code] ?? 'kept';
}

/** A hue per tool group, so a call and its result carry the same marker colour (a supplement to the glyphs). */
function groupHue(group: number): number {
  return (group * 137.508) % 360;
}

export const TimelineRow = memo(function TimelineRow(p: RowProps) {
  const isTool = p.partnerCount > 0;
  const isCall = (p.flags & ROW_FLAG.toolUse) !== 0;
  const isResult = (p.flags & ROW_FLAG.toolResult) !== 0;
  const isError = (p.flags & ROW_FLAG.error) !== 0;
  const orphan = (p.flags & ROW_FLAG.orphan) !== 0;
  const roleName = p.role === 1 ? 'assistant' : 'user';
  const linkLabel = isCall && isResult ? 'call and result' : isCall ? 'tool call' : 'tool result';

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
      onMouseEnter={() => p.onHover(p.index)}
      className={cx(
        'timeline-grid absolute left-0 right-0 top-0 cursor-default border-b border-zinc-100 text-[13px] dark:border-zinc-800/70',
        p.selected
          ? 'bg-indigo-50 dark:bg-indigo-500/15'
          : p.linked || p.linkSource
            ? 'bg-sky-50 dark:bg-sky-500/10'
            : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/40',
        p.linked && 'outline outline-2 -outline-offset-2 outline-sky-500/80',
        p.selected && 'outline outline-2 -outline-offset-2 outline-indigo-500',
      )}
      style={{ height: ROW_H, transform: `translateY(${p.top}px)` }}
    >
      <div role="gridcell" className="relative flex items-center justify-center">
        {isTool && (
          <button
            type="button"
            tabIndex={-1}
            aria-label={`Jump from this ${linkLabel} to its partner`}
            title={`${linkLabel}: jump to partner (p)`}
            onClick={(e) => {
              e.stopPropagation();
              p.onJump(p.index);
            }}
            className="z-10 flex h-5 w-5 items-center justify-center rounded-full border-2 bg-white text-[10px] font-bold leading-none hover:scale-110 dark:bg-zinc-900"
            style={{ borderColor: `hsl(${groupHue(p.group)} 50% 55%)`, color: `hsl(${groupHue(p.group)} 50% 45%)` }}
          >
            <span aria-hidden="true">{isCall && !isResult ? '↓' : isResult && !isCall ? '↑' : '↕'}</span>
          </button>
        )}
        {!isTool && orphan && (
          <span title="Tool block without a partner" aria-label="orphan tool block" className="text-[11px] text-rose-600 dark:text-rose-400">
            ⊘
          </span>
        )}
      </div>
      <div role="gridcell" className="flex items-center justify-end pr-2 font-mono text-[12px] tabular-nums text-zinc-400 dark:text-zinc-500">
        {p.index}
      </div>
      <div role="gridcell" className="flex items-center">
        <span
          className={cx(
            'rounded px-1.5 py-px text-[11px] font-medium',
            p.role === 1
              ? 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300'
              : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
          )}
        >
          {roleName}
        </span>
      </div>
      <div role="gridcell" className="flex min-w-0 items-center gap-1.5 pr-2">
        {isCall && (
          <span className="shrink-0 rounded border border-sky-300 px-1 text-[10px] font-medium uppercase tracking-wide text-sky-700 dark:border-sky-700 dark:text-sky-300">
            call{p.callCount > 1 ? ` ×${p.callCount}` : ''}
          </span>
        )}
        {isResult && (
          <span className="shrink-0 rounded border border-teal-300 px-1 text-[10px] font-medium uppercase tracking-wide text-teal-700 dark:border-teal-700 dark:text-teal-300">
            result{p.resultCount > 1 ? ` ×${p.resultCount}` : ''}
          </span>
        )}
        {isError && (
          <span className="shrink-0 rounded bg-rose-600 px-1 text-[10px] font-bold uppercase tracking-wide text-white dark:bg-rose-500">
            error
          </span>
        )}
        {(p.flags & ROW_FLAG.compactSummary) !== 0 && (
          <span className="shrink-0 rounded border border-amber-400 px-1 text-[10px] font-medium uppercase text-amber-700 dark:text-amber-300">
            compact
          </span>
        )}
        {(p.flags & ROW_FLAG.thinking) !== 0 && (
          <span className="shrink-0 text-[11px] text-zinc-400" title="has thinking" aria-label="has thinking">
            ✻
          </span>
        )}
        <span className={cx('truncate text-zinc-800 dark:text-zinc-200', p.match && 'rounded-sm bg-yellow-200/70 px-0.5 dark:bg-yellow-400/25')}>
          {p.preview}
        </span>
      </div>
      <div
        role="gridcell"
        className="flex items-center justify-end gap-1 pr-3 font-mono text-[11.5px] tabular-nums text-zinc-500 dark:text-zinc-400"
        title={`${p.chars.toLocaleString('en-US')} characters`}
      >
        <span className="text-zinc-700 dark:text-zinc-300">{formatCompact(p.chars)}</span>
        <span className="text-zinc-400 dark:text-zinc-500">/ {formatTokens(p.chars).replace(' tok', '')}</span>
      </div>
      <div role="gridcell" className="flex items-center pr-2">
        <span
          tabIndex={p.selected ? 0 : -1}
          aria-label={`Importance score ${p.score.toFixed(2)}`}
          aria-describedby={undefined}
          data-score-for={p.index}
          onMouseEnter={(e) => p.onScoreTip(p.index, e.currentTarget)}
          onMouseLeave={() => p.onScoreTip(-1, null)}
          onFocus={(e) => p.onScoreTip(p.index, e.currentTarget)}
          onBlur={() => p.onScoreTip(-1, null)}
          className="flex w-full items-center gap-1.5 rounded px-0.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <span className="relative h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700/70" aria-hidden="true">
            <span className="absolute inset-y-0 left-0 rounded-full bg-indigo-500 dark:bg-indigo-400" style={{ width: `${Math.min(100, p.score * 100)}%` }} />
          </span>
          <span className="w-8 text-right font-mono text-[11.5px] tabular-nums text-zinc-700 dark:text-zinc-300">{p.score.toFixed(2)}</span>
        </span>
      </div>
      {LANES.map((lane, k) => {
        const fate = fateName(k === 0 ? p.fateSw : k === 1 ? p.fateSum : p.fateImp);
        return (
          <div
            role="gridcell"
            key={lane}
            data-lane={lane}
            data-fate={fate}
            className={cx('border-l border-zinc-200/80 dark:border-zinc-800', p.focusLane === k && 'ring-1 ring-inset ring-indigo-400/60')}
          >
            <FateBadge fate={fate} compact />
          </div>
        );
      })}
    </div>
  );
});

/** The summarize strategy's synthetic first message, shown where it lands. */
export function SummaryRow({ top, summarized, focusLane }: { top: number; summarized: number; focusLane: number }) {
  const text = `[Previous context: ${summarized} turns summarized]`;
  return (
    <div
      role="row"
      data-summary-row="true"
      className="timeline-grid absolute left-0 right-0 top-0 border-y border-dashed border-amber-400/70 bg-amber-50/60 text-[13px] dark:border-amber-500/40 dark:bg-amber-500/5"
      style={{ height: ROW_H, transform: `translateY(${top}px)` }}
    >
      <div role="gridcell" />
      <div role="gridcell" className="flex items-center justify-end pr-2 font-mono text-[12px] text-amber-700 dark:text-amber-300">
        +
      </div>
      <div role="gridcell" className="flex items-center">
        <span className="rounded bg-zinc-100 px-1.5 py-px text-[11px] font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">user</span>
      </div>
      <div role="gridcell" className="flex min-w-0 items-center gap-1.5 pr-2">
        <span className="shrink-0 rounded border border-amber-400 px-1 text-[10px] font-medium uppercase tracking-wide text-amber-700 dark:text-amber-300">
          synthetic
        </span>
        <span className="truncate italic text-zinc-700 dark:text-zinc-300">{text}</span>
      </div>
      <div role="gridcell" className="flex items-center justify-end pr-3 font-mono text-[11.5px] tabular-nums text-zinc-500">
        {text.length}
      </div>
      <div role="gridcell" className="flex items-center pl-1 text-[11px] text-zinc-400">—</div>
      {LANES.map((lane, k) => (
        <div role="gridcell" key={lane} data-lane={lane} className={cx('flex items-center border-l border-zinc-200/80 px-2 text-[12px] dark:border-zinc-800', focusLane === k && 'ring-1 ring-inset ring-indigo-400/60')}>
          {lane === 'summarize' ? (
            <span className="fate fate-summarized inline-flex h-full w-full items-center gap-1.5 font-medium" aria-label="Summarize inserts its summary message here">
              <span aria-hidden="true" className="font-bold">+</span> Inserted
            </span>
          ) : (
            <span className="text-zinc-400 dark:text-zinc-600" aria-label="not in this strategy's output">
              —
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
