/**
 * Where a budget change's time goes, from the input event to the quick lanes committed (issue 24): the main thread's
 * marks (src/worker/client.ts, src/state/client-events.ts, src/ui/timeline/timeline.tsx) and the prune worker's
 * measures (src/worker/handler.ts), put on one clock through each thread's `performance.timeOrigin`.
 */
import type { Page } from '@playwright/test';

interface Entry {
  name: string;
  start: number;
  end: number;
  id?: number;
}

/** One change: when the input event fired and when its quick lanes were committed, in the page's clock. */
export interface ChangeWindow {
  start: number;
  quickAt: number;
}

async function pageEntries(page: Page): Promise<{ origin: number; entries: Entry[] }> {
  return page.evaluate(() => ({
    origin: performance.timeOrigin,
    entries: [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('measure')]
      .filter((e) => e.name.startsWith('ps:plan'))
      .map((e) => ({ name: e.name, start: e.startTime, end: e.startTime + e.duration, id: ((e as PerformanceMark).detail as { id?: number } | null)?.id })),
  }));
}

async function workerEntries(page: Page, pageOrigin: number): Promise<Entry[]> {
  const prune = page.workers().filter((w) => /prune\.worker/.test(w.url())).at(-1);
  if (!prune) return [];
  const { origin, entries } = await prune.evaluate(() => ({
    origin: performance.timeOrigin,
    entries: performance.getEntriesByType('measure').filter((e) => e.name.startsWith('ps:')).map((e) => ({ name: e.name, start: e.startTime, end: e.startTime + e.duration })),
  }));
  const shift = origin - pageOrigin;
  return entries.map((e) => ({ ...e, start: e.start + shift, end: e.end + shift }));
}

function stats(values: number[]): string {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return 'n/a';
  const q = (f: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(f * sorted.length) - 1))] as number;
  return `p50 ${q(0.5).toFixed(1)}, p95 ${q(0.95).toFixed(1)}, max ${q(1).toFixed(1)}`;
}

/** A table of the segments of each change, p50/p95/max over the changes, and what else the worker ran meanwhile. */
export async function budgetBreakdown(page: Page, windows: ChangeWindow[]): Promise<string> {
  const { origin, entries } = await pageEntries(page);
  const worker = await workerEntries(page, origin);
  const segments = new Map<string, number[]>();
  const add = (name: string, ms: number) => segments.set(name, [...(segments.get(name) ?? []), ms]);
  const busy = new Map<string, number>();
  for (const { start, quickAt } of windows) {
    const inWindow = (e: Entry) => e.start >= start - 0.5 && e.start <= quickAt + 0.5;
    const sent = entries.find((e) => e.name === 'ps:plan-sent' && inWindow(e));
    if (!sent) continue;
    const received = entries.find((e) => e.name === 'ps:plan-received' && e.id === sent.id);
    const stored = entries.filter((e) => e.name === 'ps:plan-stored' && received && e.start >= received.start && e.start <= quickAt + 0.5).at(-1);
    const quick = worker.find((e) => e.name === 'ps:plan-quick' && e.start >= sent.start);
    const post = worker.find((e) => e.name === 'ps:plan-post' && quick && e.start >= quick.end - 0.5);
    add('1 input → plan posted (main)', sent.start - start);
    if (quick) {
      add('2 posted → worker starts planning (queue)', quick.start - sent.start);
      for (const e of worker.filter((w) => w.end > sent.start && w.start < quick.start && w.name !== 'ps:plan-quick')) {
        busy.set(e.name, (busy.get(e.name) ?? 0) + Math.min(e.end, quick.start) - Math.max(e.start, sent.start));
      }
      add('3 worker plans the quick lanes (all)', quick.end - quick.start);
      for (const e of worker.filter((w) => w.start >= quick.start && w.end <= quick.end + 0.5 && /^ps:(plan|result):/.test(w.name))) add(`   ${e.name.slice(3)}`, e.end - e.start);
    }
    if (post) add('4 worker posts (clone/transfer out)', post.end - post.start);
    const dimmed = entries.find((e) => e.name === 'ps:plan-budget-committed' && e.start >= start && e.start <= quickAt + 0.5);
    if (dimmed) add('1b input → new bound committed (lanes dimmed)', dimmed.start - start);
    if (post && received) add('5 worker posted → main hears it', received.start - post.end);
    if (received && stored) add('6 main: heard → store set starts', stored.start - received.start);
    if (stored) add('7 main: visible rows + store set', stored.end - stored.start);
    if (stored) add('8 main: React render + commit (→ commit mark)', quickAt - stored.end);
    add('total (input → quick lanes committed)', quickAt - start);
  }
  const lines = [...segments.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, values]) => `  ${name.padEnd(48)} ${stats(values)} (n=${values.length})`);
  const meanwhile = [...busy.entries()].map(([name, ms]) => `${name.slice(3)} ${ms.toFixed(0)} ms`).join(', ');
  return `budget change breakdown (ms):\n${lines.join('\n')}\n  worker busy with, while a plan waited: ${meanwhile || 'nothing measured'}`;
}
