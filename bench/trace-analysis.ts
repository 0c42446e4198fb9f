/** The trace and CPU-profile arithmetic of `trace-page-load.ts`. */

export const round = (n: number) => Math.round(n * 10) / 10;

export interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const TOP_LEVEL = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

export interface Task {
  ts: number;
  end: number;
  cpuMs: number;
}

/** The renderer's main-thread top-level tasks (the busiest renderer: the page's). */
export function mainThreadTasks(events: TraceEvent[]): Task[] {
  const mainThreads = new Set<string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      mainThreads.add(`${event.pid}:${event.tid}`);
  const byThread = new Map<string, Task[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !TOP_LEVEL.has(event.name) || event.tdur === undefined) continue;
    if (!mainThreads.has(key)) continue;
    const tasks = byThread.get(key) ?? [];
    tasks.push({ ts: event.ts, end: event.ts + (event.dur ?? 0), cpuMs: event.tdur / 1000 });
    byThread.set(key, tasks);
  }
  const total = (tasks: Task[]) => tasks.reduce((sum, task) => sum + task.cpuMs, 0);
  return [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
}

/** The profile's samples inside the long tasks, by script file and function, self time. */
export function hotspots(profile: Profile, long: Task[]): Array<{ where: string; ms: number }> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let ts = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    ts += profile.timeDeltas[i] ?? 0;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (!long.some((task) => ts >= task.ts && ts < task.end)) continue;
    const frame = nodes.get(profile.samples[i]!)?.callFrame;
    if (!frame) continue;
    const file = frame.url ? (frame.url.split('/').pop() ?? frame.url).split('?')[0] : '';
    const where = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
    totals.set(where, (totals.get(where) ?? 0) + next / 1000);
  }
  // the profile's clock is wall time: on a busy machine, read these as shares
  return [...totals]
    .map(([where, ms]) => ({ where, ms: round(ms) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 25);
}

const KINDS = new Set([
  'v8.compileModule',
  'v8.evaluateModule',
  'EvaluateScript',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'ParseHTML',
  'MajorGC',
  'MinorGC',
  'ResourceReceivedData',
  'RunMicrotasks',
]);

/** CPU of the timeline's events inside the long tasks, by name (and script, where named). */
export function kinds(events: TraceEvent[], long: Task[]): Array<{ where: string; ms: number }> {
  const totals = new Map<string, number>();
  for (const event of events) {
    if (event.ph !== 'X' || !KINDS.has(event.name) || event.tdur === undefined) continue;
    if (!long.some((task) => event.ts >= task.ts && event.ts < task.end)) continue;
    const data = (event.args as { data?: { url?: string } } | undefined)?.data;
    const file = data?.url ? (data.url.split('/').pop() ?? '').split('?')[0] : '';
    const where = `${event.name}${['v8.compileModule', 'v8.evaluateModule', 'EvaluateScript'].includes(event.name) && file ? ` ${file}` : ''}`;
    totals.set(where, (totals.get(where) ?? 0) + event.tdur / 1000);
  }
  return [...totals]
    .map(([where, ms]) => ({ where, ms: round(ms) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 20);
}
