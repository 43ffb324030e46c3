/**
 * Where a renderer's memory is, by allocator: one Chromium memory-infra dump (the `disabled-by-default-memory-infra`
 * trace category) through the browser's DevTools session, read back as each renderer's top-level allocators (v8,
 * blink_gc, malloc, partition_alloc, cc, …) and its resident size. The bench's PSS says how much; this says who holds it.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';

interface DumpEvent {
  ph: string;
  pid: number;
  name: string;
  args?: {
    name?: string;
    labels?: string;
    dumps?: {
      allocators?: Record<string, { attrs?: Record<string, { value?: string | number; units?: string }> }>;
      process_totals?: Record<string, string | number>;
    };
  };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const size = (v: string | number | undefined) => (typeof v === 'number' ? v : v ? parseInt(v, 16) : 0);

/** One memory dump; per renderer, its resident size and the allocators holding over 1 MB, largest first. */
export async function allocatorSummary(browser: Browser): Promise<string> {
  const cdp = await browser.newBrowserCDPSession();
  const events: DumpEvent[] = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as DumpEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    // No periodic dumps: only the one asked for below (the protocol types this config loosely).
    traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } as unknown as Record<string, string> },
    transferMode: 'ReportEvents',
  });
  await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const names = new Map<number, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'process_labels') names.set(e.pid, e.args?.labels ?? '');
  for (const e of events) if (e.ph === 'M' && e.name === 'process_name' && !names.get(e.pid)) names.set(e.pid, e.args?.name ?? '');
  const lines: string[] = [];
  for (const e of events) {
    const dumps = e.ph === 'v' ? e.args?.dumps : undefined;
    if (!dumps?.allocators) continue;
    const top = Object.entries(dumps.allocators)
      .filter(([name]) => !name.includes('/'))
      .map(([name, dump]) => [name, size(dump.attrs?.size?.value)] as const)
      .filter(([, bytes]) => bytes > 1024 * 1024)
      .sort((a, b) => b[1] - a[1]);
    if (!top.some(([name]) => name === 'v8' || name === 'blink_gc')) continue; // not a renderer
    const resident = size(dumps.process_totals?.resident_set_bytes);
    lines.push(`  pid ${e.pid} ${names.get(e.pid) ?? ''}: resident ${mb(resident)} MB; ${top.map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ')}`);
  }
  return lines.join('\n') || '  (no renderer dump)';
}

/** A renderer's proportional set size by mapping: `[anon]` regions by size, and named ones (heap, files) by name. */
export function mappingSummary(pid: number): string {
  const text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const byName = new Map<string, number>();
  let name = '';
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+\S+\s*(.*)$/.exec(line);
    if (head) {
      const [from, to] = line.split(' ')[0]!.split('-').map((h) => parseInt(h, 16)) as [number, number];
      const label = head[1] || `[anon ${(to - from) >= 64 * 1024 * 1024 ? '≥64M' : (to - from) >= 1024 * 1024 ? '≥1M' : '<1M'}]`;
      name = label.replace(/^.*\//, '');
      continue;
    }
    const pss = /^Pss:\s+(\d+)/.exec(line);
    if (pss) byName.set(name, (byName.get(name) ?? 0) + Number(pss[1]));
  }
  return [...byName]
    .filter(([, kb]) => kb > 2048)
    .sort((a, b) => b[1] - a[1])
    .map(([n, kb]) => `${n} ${(kb / 1024).toFixed(0)}`)
    .join(', ');
}
