/**
 * Browser benchmark of the inspector (a script, not a test): `npm run bench:browser` (builds first).
 *
 * Serves the built app with `vite preview`, drives Debian's Chromium with Playwright, and reads the app's own
 * performance marks (src/ui/common/perf.ts):
 *   - file chosen → first timeline paint: `ps:file-chosen` (the file input's change) → `ps:timeline-painted`
 *     (the frame after the new transcript's rows were committed), for the spotter session (`BROWSER_BENCH=small`:
 *     its three loads alone) and a generated 100k-message transcript;
 *   - file chosen → exact token counts on screen (the status says "counted with …"), first paint unchanged;
 *   - budget change (tokens) → lanes committed to the DOM for that budget: the four quick lanes (sliding window,
 *     summarize, importance, observation masking), and all six (token budget and governor follow); p50/p95 over
 *     50 changes, at 10k and 100k messages;
 *   - the longest main-thread task meanwhile (PerformanceObserver 'longtask', which reports tasks over 50 ms);
 *   - with the big file, where each budget change's time went (bench/budget-breakdown.ts): the main thread before
 *     posting, the worker's queue, each quick lane's plan and result, the answer's way back, the commit.
 * Targets (issue 8): with six lanes at 100k a bound change → lanes committed p95 ≤ 16 ms, no task over 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, statSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { syntheticTranscript } from './synthetic-transcript';
import { profileSummary } from './trace-profile';
import { mainThreadTasks, type MainThreadTasks } from './main-thread-tasks';
import { allocatorSummary, mappingSummary } from './memory-dump';
import { budgetBreakdown } from './budget-breakdown';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 4417);
const BASE = `http://127.0.0.1:${PORT}`;
const SPOTTER = fileURLToPath(new URL('../../shared/data/claude-code/spotter-session.jsonl', import.meta.url));
const SPOTTER_FALLBACK = fileURLToPath(new URL('../fixtures/spotter-session.jsonl', import.meta.url));
const CHANGES = 50;
/** The least time a person spends in the file dialog after pointing at Upload. */
const FILE_DIALOG_MS = 1500;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

async function startPreview(): Promise<ChildProcess> {
  // Its own process group, so stopping it stops vite too, not only the npx wrapper.
  const server = spawn('npx', ['vite', 'preview', '--strictPort', '--port', String(PORT), '--host', '127.0.0.1'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(BASE);
      if (response.ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stopPreview(server);
  throw new Error('vite preview did not start');
}

function stopPreview(server: ChildProcess): void {
  if (server.pid === undefined) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    server.kill();
  }
}

function generated(count: number): string {
  mkdirSync(OUT, { recursive: true });
  const path = `${OUT}synthetic-${count}.json`;
  if (!existsSync(path)) writeFileSync(path, JSON.stringify(syntheticTranscript(count, 20_260_101)));
  return path;
}

/**
 * The renderers' memory, in MB: the proportional set size (PSS, shared pages split between their users) of every
 * Chromium renderer this process started; the app's workers are threads of its renderer, so they count too.
 */
function rendererMemoryMb(): number {
  let kb = 0;
  for (const pid of rendererPids()) {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/** The Chromium renderers this process started. */
function rendererPids(): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (ours.has(pid) || !ours.has(parent)) continue;
      ours.add(pid);
      grew = true;
    }
  }
  return [...ours].filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false; // gone meanwhile
    }
  });
}

/**
 * Collects the garbage of the page and of each of its workers (Chromium runs with V8's `gc` exposed, see main), as
 * V8 would in time on its own, then reads the renderers' memory: what is left is what the app still holds.
 */
async function settledMemoryMb(page: Page): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
    for (const worker of page.workers()) await worker.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
    await page.waitForTimeout(1000);
  }
  return rendererMemoryMb();
}

/** In the page: collect long tasks from the start. */
const INIT = () => {
  // A returning user: the first-run explainer (a modal dialog) was dismissed on an earlier visit.
  try {
    localStorage.setItem('prunescope.explainer-dismissed', '1');
  } catch {
    // no storage: the explainer stays open over the page, which the measures do not need to touch
  }
  const w = window as unknown as { __longtasks: { start: number; duration: number }[] };
  w.__longtasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longtasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // longtask unsupported
  }
};

async function longestTaskSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (t) => Math.max(0, ...(window as unknown as { __longtasks: { start: number; duration: number }[] }).__longtasks.filter((x) => x.start >= t).map((x) => x.duration)),
    since,
  );
}

async function now(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** File chosen → first timeline paint, in ms, for one upload. */
async function timeLoad(page: Page, path: string): Promise<{ ms: number; longest: number }> {
  const since = await now(page);
  const before = await page.evaluate(() => performance.getEntriesByName('ps:timeline-painted').length);
  // As a person does: the pointer on Upload (which starts the next file's worker), then a while in the file dialog.
  await page.locator('label', { hasText: 'Upload' }).hover();
  await page.waitForTimeout(FILE_DIALOG_MS);
  await page.getByLabel('Upload transcript').setInputFiles(path);
  await page.waitForFunction((n) => performance.getEntriesByName('ps:timeline-painted').length > n, before, { timeout: 300_000 });
  const ms = await page.evaluate(() => {
    const chosen = performance.getEntriesByName('ps:file-chosen').at(-1);
    const painted = performance.getEntriesByName('ps:timeline-painted').at(-1);
    return chosen && painted ? painted.startTime - chosen.startTime : NaN;
  });
  await page.waitForTimeout(300);
  return { ms, longest: await longestTaskSince(page, since) };
}

/**
 * Budget changes, one after another: value set → the lanes committed to the DOM for that value (`ps:plan-committed`,
 * in the same task as React's commit): first the quick lanes, then all of them.
 */
async function timeChanges(page: Page, total: number): Promise<{ quick: number[]; all: number[]; longest: number; windows: { start: number; quickAt: number }[] }> {
  const since = await now(page);
  const values = Array.from({ length: CHANGES }, (_, i) => Math.round((((i * 37) % CHANGES) / CHANGES) * total * 0.9) + Math.round(total * 0.05));
  const result = await page.evaluate(async (list) => {
    const input = document.querySelector<HTMLInputElement>('input[type="number"][aria-label="Max tokens"]');
    if (!input) throw new Error('no Max tokens input');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const quick: number[] = [];
    const all: number[] = [];
    const missed: string[] = [];
    const windows: { start: number; quickAt: number }[] = [];
    for (const listed of list) {
      // Setting the value it already has changes nothing, and no plan would come (half the total is on the list).
      const value = String(listed) === input.value ? listed + 1 : listed;
      const want = `|tokens:${value}|`;
      let quickAt = -1;
      let allAt = -1;
      const done = new Promise<void>((resolve) => {
        const observer = new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries()) {
            if (entry.name !== 'ps:plan-committed') continue;
            const keys = ((entry as PerformanceMark).detail as { keys?: string[] } | null)?.keys ?? [];
            // No named functions in here: tsx wraps them in a `__name` helper the page does not have.
            const quickKeys = keys.filter((k) => !k.startsWith('token-budget|') && !k.startsWith('governor|'));
            if (quickAt < 0 && quickKeys.every((k) => k.includes(want))) quickAt = entry.startTime;
            if (allAt < 0 && keys.length > 0 && keys.every((k) => k.includes(want))) allAt = entry.startTime;
          }
          if (quickAt >= 0 && allAt >= 0) {
            observer.disconnect();
            clearTimeout(timer);
            resolve();
          }
        });
        observer.observe({ type: 'mark' });
        // A lane that never answers for this value must not hang the run: give up on it after 20 s and say so.
        const timer = setTimeout(() => {
          observer.disconnect();
          const last = performance.getEntriesByName('ps:plan-committed').at(-1) as PerformanceMark | undefined;
          const keys = (last?.detail as { keys?: string[] } | null)?.keys ?? [];
          missed.push(`${value}: ${keys.filter((k) => !k.includes(want)).join(', ') || 'no commit'}`);
          resolve();
        }, 20_000);
      });
      const start = performance.now();
      setValue.call(input, String(value));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await done;
      if (quickAt >= 0) quick.push(quickAt - start);
      if (allAt >= 0) all.push(allAt - start);
      if (quickAt >= 0) windows.push({ start, quickAt });
      await new Promise((r) => setTimeout(r, 30));
    }
    return { quick, all, missed, windows };
  }, values);
  for (const m of result.missed) console.log(`| (no commit for budget ${m} within 20 s) | | | |`);
  await page.waitForTimeout(400);
  return { ...result, longest: await longestTaskSince(page, since) };
}

/** File chosen → the status says the exact counts are in. */
async function timeExactCounts(page: Page): Promise<number> {
  await page.waitForFunction(() => /counted with/.test(document.querySelector('[data-testid="token-status"]')?.textContent ?? ''), undefined, { timeout: 300_000, polling: 20 });
  return page.evaluate(() => performance.now() - (performance.getEntriesByName('ps:file-chosen').at(-1)?.startTime ?? NaN));
}

async function totalTokens(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.querySelector<HTMLInputElement>('input[type="number"][aria-label="Max tokens"]')?.max ?? NaN));
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${fmt(quantile(sorted, 0.5))}, p95 ${fmt(quantile(sorted, 0.95))}`;
}

function p95(times: number[]): number {
  return quantile([...times].sort((a, b) => a - b), 0.95);
}

/** A fast drag: the slider moved every 16 ms without waiting; checks coalescing keeps the main thread free. */
async function fastDrag(page: Page, total: number): Promise<{ longest: number; settledMs: number }> {
  const since = await now(page);
  const settledMs = await page.evaluate(async (n) => {
    const input = document.querySelector<HTMLInputElement>('input[type="range"][aria-label="Max tokens"]');
    if (!input) throw new Error('no slider');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    let last = 0;
    for (let i = 1; i <= 60; i++) {
      setValue.call(input, String(Math.round((i / 60) * n * 0.9)));
      // The slider rounds to its step (a thousandth of the total, fractional) and the budget control rounds that to
      // whole tokens: wait for the value the budget took (the unrounded one never comes, and the wait hung).
      last = Math.round(Number(input.value));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 16));
    }
    const start = performance.now();
    // A loop, not a named helper: the page sees this function's source, without the bundler's helpers.
    for (;;) {
      const mark = performance.getEntriesByName('ps:plan-committed').at(-1) as PerformanceMark | undefined;
      const keys = (mark?.detail as { keys?: string[] } | null)?.keys ?? [];
      if (keys.length > 0 && keys.every((k) => k.includes(`|tokens:${last}|`))) break;
      // A lane that never answers for the last value must not hang the run: NaN says so.
      if (performance.now() - start > 30_000) return NaN;
      await new Promise((r) => setTimeout(r, 5));
    }
    return performance.now() - start;
  }, total);
  await page.waitForTimeout(300);
  return { longest: await longestTaskSince(page, since), settledMs };
}

function fmt(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}

/** Long tasks are only reported over 50 ms; none means none that long. */
function task(ms: number): string {
  return ms > 0 ? fmt(ms) : 'none > 50 ms';
}

/**
 * Issue 24's load figures: a ≈100 MB transcript (50k messages) from the file chosen to the first paint and to exact
 * counts, a 60-move drag over it, and the renderers' memory at the start, with the big file open, and after a small
 * file replaced it (garbage collected). `BROWSER_BENCH=big npm run bench:browser` runs this alone.
 */
async function bigFile(page: Page, small: string): Promise<void> {
  const file = generated(50_000);
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  const start = await settledMemoryMb(page);
  console.log('\nprunescope inspector, a big file\n\n| measure | input | figure | goal |\n|---|---|---|---|');
  console.log(`| renderer memory (PSS) at the start | the sample | ${start.toFixed(0)} MB | |`);
  // BROWSER_BENCH_HEAPS=1: each thread's JS heap and the renderers' PSS by mapping at each stop, second by second
  // while idle, and by allocator after Chromium's purge.
  const heaps = process.env.BROWSER_BENCH_HEAPS === '1';
  if (heaps) await printHeaps(page, 'at the start');
  // BROWSER_BENCH_PROFILE=1: a CPU profile of every thread of the renderer through the load (build with --minify false
  // for readable names), and the worker's own phases.
  const profile = process.env.BROWSER_BENCH_PROFILE === '1';
  if (profile) await page.context().browser()?.startTracing(page, { categories: ['disabled-by-default-v8.cpu_profiler', 'v8', 'devtools.timeline', 'toplevel'] });
  const load = await timeLoad(page, file);
  console.log(`| file chosen → first timeline paint | synthetic 50k (${mb} MB) | ${fmt(load.ms)} (longest task ${task(load.longest)}) | ≤ 3 s |`);
  console.log(`| file chosen → exact counts on screen | synthetic 50k | ${fmt(await timeExactCounts(page))} | ≤ 6 s |`);
  if (profile) {
    const trace = await page.context().browser()?.stopTracing();
    console.log('\nworker phases (ms):');
    for (const worker of page.workers()) {
      const phases = await worker.evaluate(() => performance.getEntriesByType('measure').filter((m) => m.name.startsWith('ps:')).map((m) => `${m.name} ${m.startTime.toFixed(0)}+${m.duration.toFixed(0)}`));
      if (phases.length) console.log(`  ${worker.url().replace(/^.*\//, '')}: ${phases.join(', ')}`);
    }
    if (trace) {
      writeFileSync(`${OUT}trace-big.json`, trace);
      console.log(profileSummary(JSON.parse(trace.toString('utf8')) as Parameters<typeof profileSummary>[0]));
    }
  }
  if (process.env.BROWSER_BENCH_MEMORY_ONLY !== '1') {
    // BROWSER_BENCH_PROFILE=budget (the budget changes) or =drag (the fast drag): the same CPU profile through that
    // phase instead of the load, and the main-thread tasks that outlast a frame. One phase a run: a trace of both
    // outgrew the tab.
    const phase = process.env.BROWSER_BENCH_PROFILE;
    await bigFileBudget(page, phase === 'budget' || phase === 'drag' ? phase : undefined);
  }
  const open = rendererMemoryMb();
  console.log(`| renderer memory (PSS) with it open | synthetic 50k | ${open.toFixed(0)} MB | |`);
  if (heaps) await printHeaps(page, 'with it open');
  // The small file opens in a fresh worker (issue 24): its start, and the counting workers' vocabulary, are paid here.
  const smallLoad = await timeLoad(page, small);
  const smallExact = await timeExactCounts(page);
  console.log(`| file chosen → first timeline paint, replacing it | spotter-session.jsonl | ${fmt(smallLoad.ms)} | |`);
  console.log(`| file chosen → exact counts on screen, replacing it | spotter-session.jsonl | ${fmt(smallExact)} | |`);
  const readAt = await workerReadStart(page);
  // Its start cost when the worker was made for this file; a spare made ahead shows how long it waited instead.
  if (readAt !== undefined) console.log(`| newest prune worker made → it starts reading the file | spotter-session.jsonl | ${fmt(readAt)} | |`);
  const after = await settledMemoryMb(page);
  if (heaps) await printHeaps(page, 'after a small file replaced it');
  const growth = (after / start - 1) * 100;
  console.log(`| renderer memory (PSS) after a small file replaced it | spotter-session.jsonl | ${after.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(0)}% of the start) | within 20% |`);
  // What V8's memory reducer and the allocators give back on their own once the page sits idle: what a user sees.
  const timeline: number[] = [];
  for (let s = 0; s < 10; s++) {
    await page.waitForTimeout(1000);
    timeline.push(rendererMemoryMb());
  }
  if (heaps) console.log(`renderers' PSS each second after that (MB): ${timeline.map((m) => m.toFixed(0)).join(', ')}`);
  const idle = timeline.at(-1) as number;
  const idleGrowth = (idle / start - 1) * 100;
  console.log(`| renderer memory (PSS) 10 s later, idle | spotter-session.jsonl | ${idle.toFixed(0)} MB (${idleGrowth >= 0 ? '+' : ''}${idleGrowth.toFixed(0)}% of the start) | within 20% |`);
  if (heaps) {
    for (const s of [20, 30]) {
      await page.waitForTimeout(10_000);
      console.log(`renderers' PSS ${s} s idle after: ${rendererMemoryMb().toFixed(0)} MB`);
    }
    await printHeaps(page, '30 s idle after');
  }
  // When Chromium gives back memory a let-go worker or a collected heap leaves varies from run to run (5 s to over
  // 10 s here); a deterministic memory dump collects every isolate and purges the allocators first, as memory
  // pressure would: what is left then is what the app still holds.
  const browser = page.context().browser();
  if (!browser) return;
  const allocators = await allocatorSummary(browser);
  if (heaps) console.log(`renderer memory by allocator after Chromium's purge (MB):\n${allocators}`);
  const purged = rendererMemoryMb();
  const purgedGrowth = (purged / start - 1) * 100;
  console.log(`| renderer memory (PSS) after Chromium's purge (a memory dump), what the app holds | spotter-session.jsonl | ${purged.toFixed(0)} MB (${purgedGrowth >= 0 ? '+' : ''}${purgedGrowth.toFixed(0)}% of the start) | within 20% |`);
}

/** When the newest prune worker's last read started, in ms after that worker was made (its own time origin). */
async function workerReadStart(page: Page): Promise<number | undefined> {
  const prune = page.workers().filter((w) => /prune\.worker/.test(w.url())).at(-1);
  return prune?.evaluate(() => performance.getEntriesByName('ps:read').at(-1)?.startTime);
}

async function printHeaps(page: Page, when: string): Promise<void> {
  console.log(`JS heaps ${when} (used/total MB): ${await threadHeaps(page)}`);
  for (const pid of rendererPids()) console.log(`  pid ${pid} PSS by mapping (MB): ${mappingSummary(pid)}`);
  console.log(`  renderers' PSS: ${rendererMemoryMb().toFixed(0)} MB`);
}

/** Each thread's V8 heap, used and total, through the DevTools protocol (workers attached as targets of the page). */
async function threadHeaps(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const out: string[] = [];
  const main = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  out.push(`page ${mb(main.usedSize)}/${mb(main.totalSize)}`);
  const sessions: { sessionId: string; title: string }[] = [];
  cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { title: string; url: string } }) => sessions.push({ sessionId: event.sessionId, title: event.targetInfo.title || event.targetInfo.url.replace(/^.*\//, '') }));
  const replies = new Map<number, (result: { usedSize: number; totalSize: number }) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number; totalSize: number } };
    if (message.id !== undefined && message.result) replies.get(message.id)?.(message.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await page.waitForTimeout(500);
  let next = 1;
  for (const { sessionId, title } of sessions) {
    const id = next++;
    const result = await Promise.race([
      new Promise<{ usedSize: number; totalSize: number }>((resolve) => {
        replies.set(id, resolve);
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }) });
      }),
      page.waitForTimeout(3000).then(() => undefined),
    ]);
    out.push(`${title} ${result ? `${mb(result.usedSize)}/${mb(result.totalSize)}` : '?'}`);
  }
  await cdp.detach();
  return out.join('; ');
}

/**
 * The main thread's own counters (DevTools `Performance.getMetrics`): layouts and style recalculations done, and the
 * time in script, layout and tasks. Counts do not depend on the machine's load, unlike the timings above.
 */
async function mainThreadMetrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

function metricsDelta(before: Record<string, number>, after: Record<string, number>): string {
  const d = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  const s = (name: string) => `${(d(name) * 1000).toFixed(0)} ms`;
  return `${d('LayoutCount')} layouts (${s('LayoutDuration')}), ${d('RecalcStyleCount')} style recalcs (${s('RecalcStyleDuration')}), script ${s('ScriptDuration')}, tasks ${s('TaskDuration')}`;
}

/** A CPU profile and trace of `run`, summarized (see trace-profile.ts) and written to bench/out/trace-<name>.json. */
async function traced<T>(page: Page, name: string | undefined, run: () => Promise<T>): Promise<T> {
  const browser = page.context().browser();
  if (!name || !browser) return run();
  await browser.startTracing(page, { categories: ['disabled-by-default-v8.cpu_profiler', 'v8', 'devtools.timeline', 'toplevel'] });
  const result = await run();
  const trace = await browser.stopTracing();
  writeFileSync(`${OUT}trace-${name}.json`, trace);
  console.log(profileSummary(JSON.parse(trace.toString('utf8')) as Parameters<typeof profileSummary>[0]));
  return result;
}

/** Budget changes and a fast drag over the big file (`BROWSER_BENCH_MEMORY_ONLY=1` skips them); `profile`: which to trace. */
async function bigFileBudget(page: Page, profile: 'budget' | 'drag' | undefined): Promise<void> {
  const total = await totalTokens(page);
  // One session throughout: its counters start when it enables them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metricsBefore = await mainThreadMetrics(cdp);
  const changes = await traced(page, profile === 'budget' ? 'budget' : undefined, () => timeChanges(page, total));
  console.log(`| main thread over the ${CHANGES} changes | 50k | ${metricsDelta(metricsBefore, await mainThreadMetrics(cdp))} | |`);
  console.log(`| budget change → 4 quick lanes committed, ${CHANGES} changes | 50k | ${summary(changes.quick)} (longest task ${task(changes.longest)}) | p95 ≤ 16 ms |`);
  console.log(`| budget change → all 6 lanes committed, ${CHANGES} changes | 50k | ${summary(changes.all)} | |`);
  console.log(await budgetBreakdown(page, changes.windows));
  const dragBefore = await mainThreadMetrics(cdp);
  const { result: drag, tasks } =
    profile === 'drag' ? { result: await traced(page, 'drag', () => fastDrag(page, total)), tasks: undefined } : await taskTraced(page, () => fastDrag(page, total));
  console.log(`| main thread over the drag | 50k | ${metricsDelta(dragBefore, await mainThreadMetrics(cdp))} | |`);
  console.log(`| fast drag, 60 moves at 60 Hz | 50k | settled ${fmt(drag.settledMs)} after the last move (longest task ${task(drag.longest)}) | no task > 16 ms |`);
  if (tasks) {
    console.log(
      `| fast drag: main-thread tasks over 16 ms | 50k | ${tasks.overFrameCpu} of ${tasks.tasks} by the thread's CPU time (heaviest ${tasks.heaviestCpu.join(', ')} ms), ${tasks.overFrameWall} by wall time | none |`,
    );
  }
}

/** `run` under a light trace (no CPU profiler), and the main thread's tasks in it. */
async function taskTraced<T>(page: Page, run: () => Promise<T>): Promise<{ result: T; tasks: MainThreadTasks | undefined }> {
  const browser = page.context().browser();
  if (!browser) return { result: await run(), tasks: undefined };
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  const result = await run();
  const trace = await browser.stopTracing();
  return { result, tasks: mainThreadTasks(JSON.parse(trace.toString('utf8')) as Parameters<typeof mainThreadTasks>[0]) };
}

async function main(): Promise<void> {
  const server = await startPreview();
  const executablePath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(INIT);
    await page.goto(BASE);
    await page.waitForFunction(() => performance.getEntriesByName('ps:timeline-painted').length > 0, undefined, { timeout: 60_000 });

    const spotter = existsSync(SPOTTER) ? SPOTTER : SPOTTER_FALLBACK;
    if (process.env.BROWSER_BENCH === 'big') {
      await bigFile(page, spotter);
      return;
    }
    const mb = (p: string) => (statSync(p).size / 1024 / 1024).toFixed(1);

    // Rows print as they are measured, so a run cut short (a crashed tab) still shows what it measured.
    console.log('\nprunescope inspector, Chromium', browser.version(), '\n');
    console.log('| measure | input | time | main thread |');
    console.log('|---|---|---|---|');
    const rows = { push: (row: string) => console.log(row) };
    page.on('crash', () => console.log('| the tab crashed | | | |'));
    const loadSpotter: number[] = [];
    const exactSpotter: number[] = [];
    let loadLongest = 0;
    for (let i = 0; i < 3; i++) {
      const r = await timeLoad(page, spotter);
      loadSpotter.push(r.ms);
      exactSpotter.push(await timeExactCounts(page));
      loadLongest = Math.max(loadLongest, r.longest);
    }
    loadSpotter.sort((a, b) => a - b);
    exactSpotter.sort((a, b) => a - b);
    rows.push(`| file chosen → first timeline paint | spotter-session.jsonl (${mb(spotter)} MB), median of 3 | ${fmt(quantile(loadSpotter, 0.5))} | longest task ${task(loadLongest)} |`);
    rows.push(`| file chosen → exact counts on screen | spotter-session.jsonl, median of 3 | ${fmt(quantile(exactSpotter, 0.5))} | (counting workers) |`);
    // `BROWSER_BENCH=small`: only these (a small file opened again and again: each in a fresh prune worker).
    if (process.env.BROWSER_BENCH === 'small') return;
    const ten = generated(10_000);
    const hundred = generated(100_000);

    let longest = loadLongest;
    const targetsMet: string[] = [];
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    for (const { label, file } of [
      { label: '10k', file: ten },
      { label: '100k', file: hundred },
    ]) {
      const load = await timeLoad(page, file);
      rows.push(`| file chosen → first timeline paint | synthetic ${label} (${mb(file)} MB) | ${fmt(load.ms)} | longest task ${task(load.longest)} |`);
      rows.push(`| file chosen → exact counts on screen | synthetic ${label} | ${fmt(await timeExactCounts(page))} | |`);
      const total = await totalTokens(page);
      const changes = await timeChanges(page, total);
      rows.push(`| budget change → 4 quick lanes committed, ${CHANGES} changes | ${label} | ${summary(changes.quick)} | longest task ${task(changes.longest)} |`);
      rows.push(`| budget change → all 6 lanes committed, ${CHANGES} changes | ${label} | ${summary(changes.all)} | token budget and governor follow the others |`);
      const drag = await fastDrag(page, total);
      rows.push(`| fast drag, 60 moves at 60 Hz | ${label} | settled ${fmt(drag.settledMs)} after the last move | longest task ${task(drag.longest)} |`);
      longest = Math.max(longest, load.longest, changes.longest, drag.longest);
      targetsMet.push(`p95@${label} ≤ 16 ms: quick lanes ${verdict(p95(changes.quick) <= 16)}, all six ${verdict(p95(changes.all) <= 16)}`);
    }

    console.log(`\nlongest main-thread task overall: ${longest > 0 ? fmt(longest) : 'none over 50 ms (longtask reports only tasks > 50 ms)'}`);
    console.log(`targets: ${targetsMet.join('; ')}; no task > 50 ms ${verdict(longest <= 50)}`);
  } finally {
    await browser.close();
    stopPreview(server);
  }
}

await main();
