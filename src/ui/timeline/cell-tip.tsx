import { useCallback, useLayoutEffect, useState, type Ref, type RefObject } from 'react';

export interface CellTipState {
  /** The lane whose cell of the selected row is active (←/→), or -1. */
  lane: number;
  step(direction: 1 | -1): void;
  reset(): void;
  /** Follow the active cell after a scroll. */
  place(): void;
}

/**
 * The keyboard's way to a lane cell's reason, which a pointer gets from the cell's title on hover: ←/→ move across
 * the selected row's lane cells (and stay on that lane as j/k move the selection), and the active cell's reason shows
 * beneath it, as its description for screen readers too. The tip is placed by hand after each render (no state), so
 * the timeline's renders pay nothing while no cell is active.
 */
export function useCellTip(scrollRef: RefObject<HTMLElement | null>, tipRef: RefObject<HTMLDivElement | null>, laneCount: number, selected: number): CellTipState {
  const [lane, setLane] = useState(-1);
  const shown = lane < laneCount && selected >= 0 ? lane : -1;

  const place = useCallback(() => {
    const tip = tipRef.current;
    if (!tip || shown < 0) return;
    const el = document.getElementById(`cell-${selected}-${shown}`);
    const area = scrollRef.current?.getBoundingClientRect();
    const r = el?.getBoundingClientRect();
    const inView = !!el && !!r && !!area && r.bottom > area.top && r.top < area.bottom;
    tip.hidden = !inView;
    if (!el || !r || !inView) return;
    tip.textContent = el.title;
    tip.style.left = `${Math.max(4, Math.min(r.left, window.innerWidth - 264))}px`;
    tip.style.top = `${r.bottom + 4}px`;
  }, [shown, selected, scrollRef, tipRef]);

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
  return { lane: shown, step, reset, place };
}

/** The active cell's reason; placed and filled by `useCellTip`. */
export function CellTip({ ref, lane }: { ref: Ref<HTMLDivElement>; lane: number }) {
  if (lane < 0) return null;
  return (
    <div
      ref={ref}
      role="tooltip"
      id="cell-tip"
      data-testid="cell-tip"
      hidden
      className="pointer-events-none fixed z-50 max-w-64 rounded-md border border-zinc-200 bg-white px-2 py-1.5 text-[12px] text-zinc-800 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
    />
  );
}
