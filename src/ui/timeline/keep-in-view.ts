import { useEffect, useRef, type RefObject } from 'react';
import { positionOf } from '../../state';
import type { InspectorStore } from '../../state';
import { ROW_H } from './timeline-row';

/**
 * The rows' viewport inside the timeline's scroll element, in row coordinates: the column labels stick to its top
 * and cover the first `labels` pixels, so the rows in view run from `scrollTop` for `clientHeight - labels`.
 */
export function rowsViewport(el: HTMLElement, labels: number): { top: number; height: number } {
  return { top: el.scrollTop, height: Math.max(0, el.clientHeight - labels) };
}

/**
 * Scroll item position `pos` fully into view: a row already in view (a row's height of margin included) stays put;
 * a near one (a j/k step past the edge) scrolls just enough; a far one (load, URL, search, jump) lands centred.
 */
export function scrollRowIntoView(el: HTMLElement, labels: number, pos: number, centreFar = true): void {
  const { top: current, height: view } = rowsViewport(el, labels);
  const top = pos * ROW_H;
  const margin = view > ROW_H * 4 ? ROW_H : 0;
  if (top >= current + margin && top + ROW_H <= current + view - margin) return;
  const near = !centreFar || (top >= current - ROW_H * 2 && top + ROW_H <= current + view + ROW_H * 2);
  const next = !near ? top - (view - ROW_H) / 2 : top < current + margin ? top - margin : top + ROW_H + margin - view;
  el.scrollTop = Math.max(0, next);
}

/**
 * Keeps the selection in view: when asked (`scrollSeq`), and when the rows' area shrinks under it (a header that
 * grows after a load, a pane that opens): a selected row that was in view before stays in view after.
 */
export function useKeepSelectionInView(store: InspectorStore, scrollRef: RefObject<HTMLElement | null>, labelsRef: RefObject<HTMLElement | null>, scrollSeq: number): void {
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const { items, selected } = store.getState();
    const pos = positionOf(items, selected);
    if (pos < 0) {
      if (selected < 0) el.scrollTo({ top: 0 });
      return;
    }
    scrollRowIntoView(el, labelsRef.current?.offsetHeight ?? 0, pos);
    // Only a new request scrolls; the refs and the store are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollSeq]);

  const lastHeight = useRef(0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    lastHeight.current = el.clientHeight;
    const observer = new ResizeObserver(() => {
      const before = lastHeight.current;
      lastHeight.current = el.clientHeight;
      if (el.clientHeight >= before) return;
      const { items, selected } = store.getState();
      const pos = positionOf(items, selected);
      if (pos < 0) return;
      const labels = labelsRef.current?.offsetHeight ?? 0;
      const wasInView = pos * ROW_H >= el.scrollTop && (pos + 1) * ROW_H <= el.scrollTop + before - labels;
      if (wasInView) scrollRowIntoView(el, labels, pos, false);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [store, scrollRef, labelsRef]);
}
