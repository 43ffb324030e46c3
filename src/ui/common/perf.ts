import { markPhase } from '../../worker/phase-timing';

/**
 * Performance marks for the browser benchmark (bench/browser.bench.ts): a mark right after the next paint.
 * requestAnimationFrame runs before the frame is painted; a message posted from it runs after.
 */
export function markAfterPaint(name: string, detail: Record<string, unknown>): void {
  if (typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      markPhase(name, detail);
      channel.port1.close();
    };
    channel.port2.postMessage(null);
  });
}
