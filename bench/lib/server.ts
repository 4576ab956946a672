import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { freePort } from "../../apps/server/test/helpers/free-port.js";
import { productionNodeFlags } from "../../apps/server/test/helpers/production.js";

export { freePort };
import path from "node:path";
import { performance } from "node:perf_hooks";

export const root = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to the first healthy answer of /api/health. */
  startupMs: number;
  stop(): Promise<void>;
}

export interface ServerSpec {
  /** The entry: a built .mjs runs with `npm start`'s node flags, a .ts source with `node --import tsx`. */
  entry: string;
  env: Record<string, string>;
  /** Where its stdout and stderr go (the server logs at info level, as in production). */
  logFile: string;
  healthPath?: string;
  /** Extra node flags, e.g. --cpu-prof to see where a scenario spends its time. */
  nodeArgs?: string[];
}

/** Starts a server process and waits until it answers healthy; the time that took is the cold start. */
export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(spec.logFile, { flags: "a" });
  const started = performance.now();
  const runAs = spec.entry.endsWith(".ts") ? ["--import", "tsx"] : productionNodeFlags();
  const child: ChildProcess = spawn(process.execPath, [...(spec.nodeArgs ?? []), ...runAs, spec.entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      ...spec.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const health = `${url}${spec.healthPath ?? "/api/health"}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}); see ${spec.logFile}`);
    try {
      const response = await fetch(health);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy; see ${spec.logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const startupMs = performance.now() - started;

  return {
    url,
    pid: child.pid ?? 0,
    startupMs,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      log.end();
    },
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) / 1024 : 0;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); with its ended children's. */
export function cpuMs(pid: number, withReapedChildren = false): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at state; utime and stime are fields 14 and 15,
  // the reaped children's cutime and cstime 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const children = withReapedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  const ticks = Number(fields[11]) + Number(fields[12]) + children;
  return (ticks * 1000) / CLOCK_TICKS;
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

/**
 * CPU time all PostgreSQL processes on this machine have used so far, in ms (their backends do the queries),
 * counting the backends that have ended too: their time moves to the postmaster's reaped-children fields.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuMs(Number(entry), true);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The machine's idle CPU time so far, in ms summed over cores, from /proc/stat. */
function machineIdleMs(): number {
  const [cpuLine = ""] = readFileSync("/proc/stat", "utf8").split("\n", 1);
  const fields = cpuLine.trim().split(/\s+/);
  // cpu user nice system idle iowait ...
  return ((Number(fields[4]) + Number(fields[5])) * 1000) / CLOCK_TICKS;
}

export interface Watched<T> {
  result: T;
  peakMB: number;
  /** The watched process's CPU time. */
  cpuMs: number;
  /** Every PostgreSQL process's CPU time. */
  postgresCpuMs: number;
  /** The share of the machine's CPU nobody used, 0–1. */
  idleShare: number;
}

/**
 * Watches a process while `work` runs: its peak RSS, and the CPU time it spent. CPU time per request
 * is the figure that stays comparable when other work shares the machine; throughput does not. The
 * PostgreSQL processes' CPU and the machine's idle share say where the rest of the time went.
 */
export async function watchProcess<T>(pid: number, work: () => Promise<T>): Promise<Watched<T>> {
  let peakMB = rssMB(pid);
  const cpuBefore = cpuMs(pid);
  const postgresBefore = postgresCpuMs();
  const idleBefore = machineIdleMs();
  const started = performance.now();
  const timer = setInterval(() => {
    try {
      peakMB = Math.max(peakMB, rssMB(pid));
    } catch {
      // the process is gone; the run will say why
    }
  }, 100);
  try {
    const result = await work();
    const wallMs = (performance.now() - started) * cpus().length;
    return {
      result,
      peakMB,
      cpuMs: cpuMs(pid) - cpuBefore,
      postgresCpuMs: postgresCpuMs() - postgresBefore,
      idleShare: Math.min(1, (machineIdleMs() - idleBefore) / wallMs),
    };
  } finally {
    clearInterval(timer);
  }
}
