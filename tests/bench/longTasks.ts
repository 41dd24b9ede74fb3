/**
 * Long tasks in a Chrome DevTools trace (the JSON Playwright's browser.startTracing writes): the
 * top-level tasks of each renderer's main thread (CrRendererMain) that ran 50 ms or longer, the
 * threshold the Long Tasks API and Lighthouse use. Nested task events are counted once, by the
 * outermost one.
 */
export const LONG_TASK_MS = 50;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

export function longTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): {
  count: number;
  totalMs: number;
  longestMs: number;
} {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        TASK_NAMES.has(e.name) &&
        e.dur !== undefined &&
        mainThreads.has(`${e.pid}:${e.tid}`),
    )
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const endOf = new Map<string, number>();
  let count = 0;
  let totalMs = 0;
  let longestMs = 0;
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    if (task.ts < (endOf.get(thread) ?? -Infinity)) continue; // inside a task already counted
    endOf.set(thread, task.ts + task.dur!);
    const ms = task.dur! / 1000;
    if (ms < LONG_TASK_MS) continue;
    count += 1;
    totalMs += ms;
    longestMs = Math.max(longestMs, ms);
  }
  return { count, totalMs, longestMs };
}
