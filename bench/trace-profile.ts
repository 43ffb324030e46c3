/**
 * Where a browser benchmark's time went: reads a Chromium trace recorded with the `disabled-by-default-v8.cpu_profiler`
 * category (every thread of the renderer samples: the main thread, the prune worker, the counting workers) and
 * prints, per thread, the functions with the most self time, and the renderer's top-level tasks (GC, message
 * deserialization) by name.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  id?: string;
  ts?: number;
  dur?: number;
  args?: { name?: string; data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

/** Self time (ms) by function and thread, top `limit` per thread with over `minMs` in all. */
export function profileSummary(trace: { traceEvents: TraceEvent[] } | TraceEvent[], limit = 12, minMs = 50): string {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const threadName = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  // One profile per thread: its nodes and samples come in chunks.
  const profiles = new Map<string, { thread: string; nodes: Map<number, ProfileNode>; self: Map<number, number> }>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    const key = `${e.pid}:${e.id}`;
    let p = profiles.get(key);
    if (!p) profiles.set(key, (p = { thread: threadName.get(`${e.pid}:${e.tid}`) ?? `tid ${e.tid}`, nodes: new Map(), self: new Map() }));
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) p.nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      // A sample's time is the gap to the next one; the last of a chunk takes its own gap.
      const us = deltas[i + 1] ?? deltas[i] ?? 0;
      p.self.set(samples[i] as number, (p.self.get(samples[i] as number) ?? 0) + us);
    }
  }
  const lines: string[] = [];
  for (const p of profiles.values()) {
    const byFunction = new Map<string, number>();
    let total = 0;
    for (const [id, us] of p.self) {
      const frame = p.nodes.get(id)?.callFrame;
      const name = frame ? `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${(frame.lineNumber ?? -1) + 1}` : `node ${id}`;
      if (frame?.functionName === '(idle)') continue;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
      total += us;
    }
    if (total / 1000 < minMs) continue;
    lines.push(`\n${p.thread}: ${(total / 1000).toFixed(0)} ms busy`);
    for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, limit)) lines.push(`  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
  // Top-level renderer tasks by name (GC, deserialization) that samples alone do not name.
  const tasks = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || !/GC|Deserialize|Serialize|ParseHTML|v8\.compile|EvaluateScript|MajorGC|MinorGC/.test(e.name)) continue;
    const key = `${threadName.get(`${e.pid}:${e.tid}`) ?? e.tid} · ${e.name}`;
    tasks.set(key, (tasks.get(key) ?? 0) + e.dur);
  }
  lines.push('\ntasks by name (ms):');
  for (const [name, us] of [...tasks].sort((a, b) => b[1] - a[1]).slice(0, 20)) if (us > 20_000) lines.push(`  ${(us / 1000).toFixed(0).padStart(7)}  ${name}`);
  lines.push(longTaskSummary(events, threadName));
  return lines.join('\n');
}

/**
 * The main thread's tasks over a frame (16 ms): how many, and what their time went to, by the trace events nested in
 * them (script, style, layout, paint, garbage collection), summed over those tasks; each event counted at the
 * outermost level its name appears, so nested calls are not counted twice.
 */
function longTaskSummary(events: TraceEvent[], threadName: Map<string, string>): string {
  const main = [...threadName].find(([, name]) => name === 'CrRendererMain')?.[0];
  if (!main) return '';
  const onMain = (events.filter((e) => e.ph === 'X' && e.dur !== undefined && `${e.pid}:${e.tid}` === main) as (TraceEvent & { ts: number; dur: number })[]).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const long = tasks.filter((t) => t.dur > 16_000);
  const parts = /^(FunctionCall|EventDispatch|FireAnimationFrame|TimerFire|RunMicrotasks|UpdateLayoutTree|Layout|Paint|PrePaint|Layerize|MinorGC|MajorGC|V8\.GC_[A-Z_]+|ParseHTML|HitTest|ScheduleStyleRecalculation|v8\.callFunction|IntersectionObserverController::computeIntersections|ResizeObserverController|UpdateLayer|Commit)$/;
  const by = new Map<string, number>();
  const durations: number[] = [];
  for (const t of long) {
    durations.push(t.dur / 1000);
    const inside: typeof onMain = [];
    // onMain is sorted by start: from the first event at or after the task's start to the task's end.
    let lo = 0;
    for (let hi = onMain.length; lo < hi; ) {
      const mid = (lo + hi) >> 1;
      if ((onMain[mid] as { ts: number }).ts < t.ts) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < onMain.length && (onMain[i] as { ts: number }).ts <= t.ts + t.dur; i++) {
      const e = onMain[i] as (typeof onMain)[number];
      if (e !== t && e.ts + e.dur <= t.ts + t.dur && parts.test(e.name)) inside.push(e);
    }
    // Outermost only: an event inside another counted one of the same name is part of it.
    const counted: typeof inside = [];
    for (const e of inside.sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
      if (counted.some((c) => c.name === e.name && e.ts >= c.ts && e.ts + e.dur <= c.ts + c.dur)) continue;
      counted.push(e);
      by.set(e.name, (by.get(e.name) ?? 0) + e.dur);
    }
  }
  durations.sort((a, b) => a - b);
  const lines = [`\nmain-thread tasks: ${tasks.length}, over 16 ms: ${long.length}${long.length ? ` (median ${durations[Math.floor(durations.length / 2)]?.toFixed(0)} ms, longest ${durations.at(-1)?.toFixed(0)} ms)` : ''}; inside those (ms, nested names overlap):`];
  for (const [name, us] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 14)) lines.push(`  ${(us / 1000).toFixed(0).padStart(7)}  ${name}`);
  return lines.join('\n');
}

function shortUrl(url: string | undefined): string {
  return (url ?? '').replace(/^https?:\/\/[^/]+\//, '').replace(/\?.*$/, '');
}
