import { execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import type { HttpLoadResult, HttpLoadSpec } from "../load/http-spec.js";
import type { SmtpSinkReport } from "../load/smtp-sink.js";
import type { SocketReport, SocketSpec, SocketsReady } from "../load/sockets.js";
import { root } from "./server.js";

let specs = 0;

/** One autocannon run in its own process; resolves with its figures. */
export async function runHttp(workDir: string, spec: HttpLoadSpec): Promise<HttpLoadResult> {
  const file = path.join(workDir, `http-spec-${++specs}.json`);
  writeFileSync(file, JSON.stringify(spec));
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "bench/load/http.ts", file], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = stdout.trim().split("\n").pop() ?? "";
  return JSON.parse(last) as HttpLoadResult;
}

export interface SocketClients {
  open: number;
  /** Milliseconds from the first handshake to the last greeting (the slowest client process). */
  openMs: number;
  /** What arrived since the last call, from every client process. */
  report(): Promise<SocketReport>;
  close(): Promise<void>;
}

/**
 * Opens the live sockets from `processes` client processes of their own (one core's worth of `ws` cannot keep up
 * with 10,000 sockets' handshakes and pushes), the sockets dealt out in turn; resolves once every socket has been
 * greeted. A report sums the processes: their CPU time and resident memory are what the client side costs.
 */
export async function openSockets(workDir: string, spec: SocketSpec, processes = 1): Promise<SocketClients> {
  const children = Array.from({ length: processes }, (_, shard) => {
    const file = path.join(workDir, `socket-spec-${shard}.json`);
    const sockets = spec.sockets.filter((_socket, i) => i % processes === shard);
    writeFileSync(file, JSON.stringify({ ...spec, sockets } satisfies SocketSpec));
    return lineChild("bench/load/sockets.ts", [file]);
  });
  const ready = await Promise.all(children.map(async (child) => JSON.parse(await child.nextLine()) as SocketsReady));
  return {
    open: ready.reduce((n, r) => n + r.open, 0),
    openMs: Math.max(...ready.map((r) => r.openMs)),
    async report() {
      const reports = await Promise.all(
        children.map(async (child) => JSON.parse(await child.ask("report")) as SocketReport),
      );
      return {
        open: reports.reduce((n, r) => n + r.open, 0),
        closed: reports.reduce((n, r) => n + r.closed, 0),
        received: reports.flatMap((r) => r.received),
        cpuMs: reports.reduce((n, r) => n + r.cpuMs, 0),
        rssMB: reports.reduce((n, r) => n + r.rssMB, 0),
      };
    },
    async close() {
      await Promise.all(children.map((child) => child.exit()));
    },
  };
}

export interface SmtpSink {
  /** smtp://127.0.0.1:port, for the server's SMTP_URL. */
  url: string;
  /** Messages received so far. */
  report(): Promise<SmtpSinkReport>;
  close(): Promise<void>;
}

/** Starts the mail server the measured server sends to, in its own process; resolves once it listens. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const child = lineChild("bench/load/smtp-sink.ts", []);
  const { port } = JSON.parse(await child.nextLine()) as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    async report() {
      return JSON.parse(await child.ask("report")) as SmtpSinkReport;
    },
    close: () => child.exit(),
  };
}

/** A load process that answers one JSON line per command written to its stdin ("report"), and ends on "exit". */
function lineChild(script: string, args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`${script} ended early`);
    return line.value;
  };
  return {
    nextLine,
    ask(command: string) {
      child.stdin.write(`${command}\n`);
      return nextLine();
    },
    async exit() {
      child.stdin.write("exit\n");
      await exited;
    },
  };
}
