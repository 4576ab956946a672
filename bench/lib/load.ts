import { execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import type { HttpLoadResult, HttpLoadSpec } from "../load/http-spec.js";
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
  const child = spawn(process.execPath, ["--import", "tsx", "bench/load/sockets.ts", file], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error("the socket process ended early");
    return line.value;
  };
  const ready = JSON.parse(await nextLine()) as { open: number };
  return {
    open: ready.open,
    async report() {
      child.stdin.write("report\n");
      return JSON.parse(await nextLine()) as SocketReport;
    },
    async close() {
      child.stdin.write("exit\n");
      await exited;
    },
  };
}
