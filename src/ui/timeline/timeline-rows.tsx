/** The timeline grid's two row groups: the sticky column labels, and the virtual window of message and extra rows. */
import type { ReactNode, RefObject } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { extraOf, positionOf, type Inspector } from '../../state';
import type { PlanResult, RowData } from '../../worker/protocol';
import { BoundaryRow, InsertRow, ROW_H, TimelineRow, type RowLane } from './timeline-row';
import { useDelayedFlags } from '../common/use-delayed-flags';

/** Per lane: the plan shown and whether it answers an older bound; the lane list rows get, stable between plans. */
export interface LaneView {
  rowLanes: RowLane[];
  shown: (PlanResult | undefined)[];
  /** One character per lane: `1` when its plan answers an older bound. */
  stale: string;
  hasCells: boolean;
}

/** A row's preview, cut to what a row can show (shaping text nobody sees costs layout time on every scroll). */
const PREVIEW_SHOWN = 180;
function previewOf(rows: RowData, index: number): string {
  const start = rows.previewOffsets[index] as number;
  const end = rows.previewOffsets[index + 1] as number;
  return end - start > PREVIEW_SHOWN ? `${rows.previewText.slice(start, start + PREVIEW_SHOWN - 1)}…` : rows.previewText.slice(start, end);
}

/** A lane cell's tag and score terms for message `index` (see `PlanResult.cells`), as the row takes them. */
function cellNote(plan: PlanResult | undefined, index: number): string {
  const cells = plan?.cells;
  const tag = cells?.tagOf[index];
  if (!cells || tag === undefined || tag === 255) return '';
  const k = cells.terms.length;
  const terms = cells.terms.map((name, t) => `${name} ${(cells.values[index * k + t] as number).toFixed(2)}`).join(', ');
  return `${cells.tags[tag] ?? ''}\u0001Its ${cells.tags[tag] ?? ''} unit scored ${(cells.score[index] as number).toFixed(2)}: ${terms}.`;
}

export function ColumnLabels({ labelsRef, lanes }: { labelsRef: RefObject<HTMLDivElement | null>; lanes: readonly RowLane[] }) {
  return (
    <div ref={labelsRef} role="rowgroup" className="sticky top-0 z-[3] w-max min-w-full border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
      <div role="row" aria-rowindex={1} className="timeline-grid text-[10.5px] font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
        <div role="columnheader" className="py-1.5">
          <span className="sr-only">Tool link</span>
        </div>
        <div role="columnheader" className="py-1.5 pr-2 text-right">#</div>
        <div role="columnheader" className="py-1.5">Role</div>
        <div role="columnheader" className="py-1.5">Message</div>
        <div role="columnheader" className="col-chars truncate py-1.5 pr-2 text-right" title="Tokens (characters on hover)">Tokens</div>
        <div role="columnheader" className="col-score truncate py-1.5" title="Importance score, 0–1: recency + a tool bonus + length (what the Importance strategy ranks by)">Score</div>
        {lanes.map((lane) => (
          // Cut in a narrow lane ("SLIDING WI…"): the whole name is in the lane's header just above, and in the title.
          <div role="columnheader" key={lane.id} data-lane={lane.id} title={lane.label} className="truncate border-l border-zinc-200 px-2 py-1.5 dark:border-zinc-800">
            {lane.label}
          </div>
        ))}
      </div>
    </div>
  );
}

/** What every row of the window shares: the state it shows and the handlers it calls. */
export interface RowsContext {
  rows: RowData;
  items: Int32Array;
  extras: Inspector['extras'];
  doc: Inspector['doc'];
  laneView: LaneView;
  pinnedSet: ReadonlySet<number>;
  linkedSet: ReadonlySet<number>;
  selected: number;
  /** The hovered message, else the selected one: its tool links are drawn. */
  active: number;
  activeLane: number;
  matchMask: Inspector['matchMask'];
  focusLane: number;
  onSelect(index: number): void;
  onOpen(index: number): void;
  onHover(index: number): void;
  onJump(index: number): void;
  onScoreTip(index: number, target: HTMLElement | null): void;
}

/** The rows of the virtual window, with the hovered or selected message's tool links drawn beside them. */
export function TimelineRows({ window, totalHeight, labelsHeight, partners, ctx }: { window: VirtualItem[]; totalHeight: number; labelsHeight: number; partners: Int32Array | undefined; ctx: RowsContext }) {
  const activePos = positionOf(ctx.items, ctx.active);
  // Keyed by slot, not by message: a long scroll reuses the row elements it has instead of unmounting and building
  // them all again (the window holds `slots` consecutive positions).
  const slots = Math.max(1, window.length);
  return (
    <div role="rowgroup" className="relative" style={{ height: totalHeight, contain: 'layout style' }}>
      {partners && activePos >= 0 && <Connectors from={activePos} to={Array.from(partners, (i) => positionOf(ctx.items, i)).filter((x) => x >= 0)} />}
      {window.map((v) => {
        const index = ctx.items[v.index] as number;
        const top = v.start - labelsHeight;
        return index < 0 ? extraRow(`x${v.index % slots}`, index, top, ctx) : messageRow(v.index % slots, index, top, ctx);
      })}
      <LaneDims planning={ctx.laneView.stale} />
    </div>
  );
}

/**
 * A lane planning a new bound shows its last answer dimmed once it has planned `DIM_AFTER_MS`: a veil over its column,
 * one element per lane laid out on the rows' own grid. Not an opacity on each cell: a budget change then restyles one
 * element per lane instead of every visible cell, and each cell's opacity was an effect of its own that every frame of
 * a drag had to layerize.
 */
function LaneDims({ planning }: { planning: string }) {
  const stale = useDelayedFlags(planning);
  return (
    <div aria-hidden="true" data-testid="lane-dims" className="timeline-grid lane-dims">
      <div className="lane-dims-lead" />
      {Array.from(stale, (flag, k) => (
        <div key={k} data-pos={k} data-stale={flag === '1' ? 'true' : undefined} />
      ))}
    </div>
  );
}

// Elements, not components of their own: one more component per row would cost every scroll a layer of work.
function extraRow(key: string, index: number, top: number, ctx: RowsContext): ReactNode {
  const extra = extraOf(ctx.extras, index);
  if (!extra) return null;
  if (extra.kind === 'boundary') return <BoundaryRow key={key} top={top} boundary={extra.boundary} hidden={ctx.doc?.scope === 'last-sent' ? ctx.doc.offset : 0} />;
  return <InsertRow key={key} top={top} insert={extra.insert} lane={extra.lane} lanes={ctx.laneView.rowLanes} focusLane={ctx.focusLane} />;
}

function messageRow(key: number, index: number, top: number, ctx: RowsContext): ReactNode {
  const { rows, laneView } = ctx;
  const partnerCount = (rows.partnerOffsets[index + 1] as number) - (rows.partnerOffsets[index] as number);
  return (
    <TimelineRow
      key={key}
      index={index}
      top={top}
      role={rows.role[index] === 1 ? 1 : 0}
      flags={rows.flags[index] as number}
      preview={previewOf(rows, index)}
      chars={rows.chars[index] as number}
      tokens={rows.tokens[index] as number}
      score={rows.score[index] as number}
      group={rows.groupOf[index] as number}
      callCount={rows.callCount[index] as number}
      resultCount={rows.resultCount[index] as number}
      partnerCount={partnerCount}
      fates={laneView.shown.map((p) => (p ? String(p.fates[index]) : '.')).join('')}
      reasons={String.fromCharCode(...laneView.shown.map((p) => p?.reasons[index] ?? 0))}
      cells={laneView.hasCells ? laneView.shown.map((p) => cellNote(p, index)).join('\u0002') : ''}
      lanes={laneView.rowLanes}
      pinned={ctx.pinnedSet.has(index)}
      selected={index === ctx.selected}
      activeLane={index === ctx.selected ? ctx.activeLane : -1}
      linked={ctx.linkedSet.has(index)}
      linkSource={index === ctx.active && partnerCount > 0}
      match={ctx.matchMask?.[index] === 1}
      focusLane={ctx.focusLane}
      onSelect={ctx.onSelect}
      onOpen={ctx.onOpen}
      onHover={ctx.onHover}
      onJump={ctx.onJump}
      onScoreTip={ctx.onScoreTip}
    />
  );
}

function Connectors({ from, to }: { from: number; to: number[] }) {
  return (
    <>
      {to.map((pos) => {
        const top = Math.min(from, pos) * ROW_H + ROW_H / 2;
        const height = Math.abs(from - pos) * ROW_H;
        return (
          <div
            key={pos}
            aria-hidden="true"
            className="pointer-events-none absolute left-[2px] z-[1] w-[7px] rounded-l-md border-y-2 border-l-2 border-sky-500"
            style={{ top, height }}
          />
        );
      })}
    </>
  );
}
