import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

interface TipBox {
  left: number;
  top: number;
  text: string;
}

export interface CellTipState {
  /** The lane whose cell of the selected row is active (←/→), or -1. */
  lane: number;
  box: TipBox | null;
  step(direction: 1 | -1): void;
  reset(): void;
  /** Follow the active cell after a scroll. */
  place(): void;
}

/**
 * The keyboard's way to a lane cell's reason, which a pointer gets from the cell's title on hover: ←/→ move across
 * the selected row's lane cells (and stay on that lane as j/k move the selection), and the active cell's reason shows
 * beneath it, as its description for screen readers too.
 */
export function useCellTip(scrollRef: RefObject<HTMLElement | null>, laneCount: number, selected: number): CellTipState {
  const [lane, setLane] = useState(-1);
  const [box, setBox] = useState<TipBox | null>(null);
  const shown = lane < laneCount && selected >= 0 ? lane : -1;

  const place = useCallback(() => {
    // Nothing to read while no cell is active: no layout forced on the timeline's every render.
    if (shown < 0) {
      setBox(null);
      return;
    }
    const el = document.getElementById(`cell-${selected}-${shown}`);
    const area = scrollRef.current?.getBoundingClientRect();
    const r = el?.getBoundingClientRect();
    const next = el && r && area && r.bottom > area.top && r.top < area.bottom ? { left: Math.max(4, Math.min(r.left, window.innerWidth - 264)), top: r.bottom + 4, text: el.title } : null;
    setBox((old) => (old?.left === next?.left && old?.top === next?.top && old?.text === next?.text ? old : next));
  }, [shown, selected, scrollRef]);

  // After every render: the row may have re-rendered with a new plan (a new reason) or moved.
  useLayoutEffect(place);

  const step = useCallback(
    (direction: 1 | -1) => {
      const next = Math.max(-1, Math.min(laneCount - 1, (lane < laneCount ? lane : -1) + direction));
      setLane(next);
      // Bring a lane scrolled out of sight sideways into view.
      requestAnimationFrame(() => document.getElementById(`cell-${selected}-${next}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    },
    [lane, laneCount, selected],
  );
  const reset = useCallback(() => setLane(-1), []);
  return { lane: shown, box: shown >= 0 ? box : null, step, reset, place };
}

export function CellTip({ tip }: { tip: CellTipState }) {
  if (!tip.box) return null;
  return (
    <div
      role="tooltip"
      id="cell-tip"
      data-testid="cell-tip"
      className="pointer-events-none fixed z-50 max-w-64 rounded-md border border-zinc-200 bg-white px-2 py-1.5 text-[12px] text-zinc-800 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
      style={{ left: tip.box.left, top: tip.box.top }}
    >
      {tip.box.text}
    </div>
  );
}
