import { useLayoutEffect, type RefObject } from 'react';

/**
 * The one width every part of the timeline lays its columns out in: the lane headers, the column labels and the
 * rows are each a `.timeline-grid` with the same template, and this sets the width they share (`--timeline-w`, the
 * rows' scroll area without its scrollbar) on their common ancestor. Same template and same width: the same columns,
 * at every size and with any number of lanes (past what fits, the grids grow to their minimum and scroll sideways).
 */
export function useSharedTimelineWidth(root: RefObject<HTMLElement | null>, rowsArea: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const host = root.current;
    const area = rowsArea.current;
    if (!host || !area) return;
    let last = -1;
    const apply = () => {
      const width = area.clientWidth;
      if (width === last) return;
      last = width;
      host.style.setProperty('--timeline-w', `${width}px`);
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(area);
    return () => observer.disconnect();
  }, [root, rowsArea]);
}
