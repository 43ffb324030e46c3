import { boundedTimeline } from '../../worker/bounded-timeline';

/**
 * Performance marks for the browser benchmark (bench/browser.bench.ts): a mark right after the next paint.
 * requestAnimationFrame runs before the frame is painted; a message posted from it runs after.
 */
export function markAfterPaint(name: string, detail: Record<string, unknown>): void {
  if (typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      performance.mark(name, { detail });
      boundedTimeline();
      channel.port1.close();
    };
    channel.port2.postMessage(null);
  });
}

export function mark(name: string, detail?: Record<string, unknown>): void {
  if (typeof performance === 'undefined') return;
  performance.mark(name, detail ? { detail } : undefined);
  boundedTimeline();
}
