import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";

/** One Chrome trace event, as far as this reads it. */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/**
 * Where the main thread's time went during a page load: its long tasks (> 50 ms), and over the whole load
 * (React renders a transition in 5 ms slices, so much of the work never shows as a long task).
 */
export interface LongTaskBreakdown {
  /** Main-thread tasks of any length, summed (ms). */
  busyMs: number;
  longTasks: { startMs: number; durationMs: number }[];
  longTaskMs: number;
  /** Sum of each long task's time over 50 ms, as TBT counts it (here over the whole load, not only after FCP). */
  blockingMs: number;
  /** Trace events by name, each counting its own time only (its children's taken out), in ms. */
  events: Record<string, number>;
  /** CPU samples over the load, idle left out: self time by module (our source file, or an npm package), in ms. */
  selfByModule: [string, number][];
  /** CPU samples over the load, idle left out: time with a function on the stack (inclusive), in ms. */
  inclusive: [string, number][];
}

/** Maps the production build's positions back to our sources through hidden source maps built beside it. */
export class SourceMaps {
  private readonly consumers = new Map<string, SourceMapConsumer | null>();
  constructor(private readonly mapsDir: string) {}

  /** "name (file:line)" for a call frame: our file relative to apps/web, or npm:<package>. */
  locate(frame: ProfileNode["callFrame"]): { fn: string; module: string } {
    if (!frame.url)
      return { fn: `${frame.functionName || "(anonymous)"} (native)`, module: frame.functionName || "(native)" };
    const file = new URL(frame.url, "http://x").pathname;
    const consumer = this.consumer(file);
    const position = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!position?.source) return { fn: `${frame.functionName || "(anonymous)"} (${file})`, module: file };
    const module = moduleOf(position.source);
    const name = frame.functionName || position.name || "(anonymous)";
    return { fn: `${name} (${shortSource(position.source)}:${position.line})`, module };
  }

  private consumer(file: string): SourceMapConsumer | null {
    if (!this.consumers.has(file)) {
      const map = path.join(this.mapsDir, `${file}.map`);
      this.consumers.set(
        file,
        existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, "utf8")) as RawSourceMap) : null,
      );
    }
    return this.consumers.get(file) ?? null;
  }
}

const shortSource = (source: string) =>
  source.includes("node_modules/")
    ? `npm:${source.slice(source.lastIndexOf("node_modules/") + 13)}`
    : source.replace(/^(\.\.\/)+(apps\/web\/)?/, "");

function moduleOf(source: string): string {
  if (!source.includes("node_modules/")) return shortSource(source);
  const rest = source.slice(source.lastIndexOf("node_modules/") + 13).split("/");
  return `npm:${rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
}

/** The renderer main thread of the page: the CrRendererMain that did the most work. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  let best: { pid: number; tid: number } | null = null;
  let most = -1;
  for (const main of mains) {
    const busy = events.reduce(
      (sum, e) => (e.pid === main.pid && e.tid === main.tid && e.ph === "X" ? sum + (e.dur ?? 0) : sum),
      0,
    );
    if (busy > most) {
      most = busy;
      best = { pid: main.pid, tid: main.tid };
    }
  }
  return best;
}

/** The long tasks of a trace and what ran in them: trace events by name, CPU samples by module and function. */
export function analyseTrace(events: TraceEvent[], maps: SourceMaps): LongTaskBreakdown {
  const main = mainThread(events);
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid);
  const firstTs = Math.min(...onMain.filter((e) => e.ph === "X").map((e) => e.ts));
  const topLevel = onMain
    .filter((e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask"))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // A RunTask inside another (nested run loops, or both names for one task) counts once.
  const tasks: TraceEvent[] = [];
  for (const e of topLevel) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts + (e.dur ?? 0) <= last.ts + (last.dur ?? 0)) continue;
    tasks.push(e);
  }
  const busyMs = tasks.reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000;
  const long = tasks.filter((t) => (t.dur ?? 0) > 50_000);

  // Each event's own time, as DevTools' summary counts it: its duration less that of the events nested in it.
  const eventsMs: Record<string, number> = {};
  const stack: { end: number; name: string; own: number }[] = [];
  const close = (until: number) => {
    while (stack.length && (stack[stack.length - 1]?.end ?? 0) <= until) {
      const done = stack.pop();
      if (done) eventsMs[done.name] = (eventsMs[done.name] ?? 0) + done.own / 1000;
    }
  };
  for (const e of onMain.filter((e) => e.ph === "X").sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.own -= e.dur ?? 0;
    stack.push({ end: e.ts + (e.dur ?? 0), name: e.name, own: e.dur ?? 0 });
  }
  close(Number.POSITIVE_INFINITY);

  // The sampled CPU profile of the main thread: a Profile event, then chunks of nodes, samples and time deltas.
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; ts: number }[] = [];
  const profile =
    onMain.find((e) => e.name === "Profile") ?? events.find((e) => e.name === "Profile" && e.pid === main?.pid);
  let ts = profile?.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.id === profile?.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data?.timeDeltas ?? [];
    for (const [i, node] of (data?.cpuProfile?.samples ?? []).entries()) {
      ts += deltas[i] ?? 0;
      samples.push({ node, ts });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const located = new Map<number, { fn: string; module: string }>();
  const locate = (id: number) => {
    let found = located.get(id);
    if (!found) {
      const node = nodes.get(id);
      found = node ? maps.locate(node.callFrame) : { fn: "(unknown)", module: "(unknown)" };
      located.set(id, found);
    }
    return found;
  };
  for (const [i, sample] of samples.entries()) {
    const next = samples[i + 1];
    const ms = next ? Math.min(next.ts - sample.ts, 10_000) / 1000 : 0;
    const leaf = locate(sample.node);
    if (leaf.module === "(idle)") continue;
    self.set(leaf.module, (self.get(leaf.module) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = sample.node; id !== undefined; id = nodes.get(id)?.parent) {
      const { fn } = locate(id);
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + ms);
    }
  }
  const ranked = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]): [string, number] => [k, Math.round(v)]);
  const longTasks = long.map((t) => ({
    startMs: Math.round((t.ts - firstTs) / 1000),
    durationMs: Math.round((t.dur ?? 0) / 1000),
  }));
  return {
    busyMs: Math.round(busyMs),
    longTasks,
    longTaskMs: longTasks.reduce((sum, t) => sum + t.durationMs, 0),
    blockingMs: longTasks.reduce((sum, t) => sum + Math.max(0, t.durationMs - 50), 0),
    events: Object.fromEntries(
      Object.entries(eventsMs)
        .filter(([, v]) => v >= 1)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, Math.round(v)]),
    ),
    selfByModule: ranked(self, 25),
    inclusive: ranked(inclusive, 400),
  };
}
