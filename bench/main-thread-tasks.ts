/**
 * The main thread's tasks in a Chromium trace (categories `devtools.timeline` and `toplevel`): how many took over a
 * frame (16 ms) of the thread's own CPU time and how many of wall time, and the heaviest by CPU. On this two-core
 * machine the two differ: the main thread shares the cores with the prune worker, the compositor and the test
 * driver, so a task can wait for a core well past 16 ms with a few ms of its own work. The Long Tasks API (what the
 * page itself can see) reports only tasks over 50 ms, which is why the trace.
 */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTasks {
  tasks: number;
  overFrameCpu: number;
  overFrameWall: number;
  /** The five heaviest by CPU time, in ms. */
  heaviestCpu: number[];
}

const FRAME_US = 16_000;

export function mainThreadTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): MainThreadTasks {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = main ? events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === main.pid && e.tid === main.tid) : [];
  const cpu = tasks.map((t) => t.tdur ?? 0).sort((a, b) => b - a);
  return {
    tasks: tasks.length,
    overFrameCpu: cpu.filter((us) => us > FRAME_US).length,
    overFrameWall: tasks.filter((t) => (t.dur ?? 0) > FRAME_US).length,
    heaviestCpu: cpu.slice(0, 5).map((us) => Math.round(us / 100) / 10),
  };
}
