import { execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import type { HttpLoadResult, HttpLoadSpec } from "../load/http-spec.js";
import type { SmtpSinkReport } from "../load/smtp-sink.js";
import type { SocketReport, SocketSpec } from "../load/sockets.js";
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
  /** What arrived since the last call. */
  report(): Promise<SocketReport>;
  close(): Promise<void>;
}

/** Opens the live sockets from their own process; resolves once every socket has been greeted. */
export async function openSockets(workDir: string, spec: SocketSpec): Promise<SocketClients> {
  const file = path.join(workDir, "socket-spec.json");
  writeFileSync(file, JSON.stringify(spec));
  const child = lineChild("bench/load/sockets.ts", [file]);
  const ready = JSON.parse(await child.nextLine()) as { open: number };
  return {
    open: ready.open,
    async report() {
      return JSON.parse(await child.ask("report")) as SocketReport;
    },
    close: () => child.exit(),
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
