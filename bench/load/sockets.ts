/**
 * The socket clients, run as their own process: `node --import tsx bench/load/sockets.ts <spec.json>`.
 * Opens one live socket per entry of `sockets` (a member may hold several, as with tabs and devices), prints
 * `{"ready":…}` once all are greeted, records when each pushed notification arrives and on which member's socket;
 * on the line "report" from stdin it prints what arrived since the last report, and on "exit" it closes every
 * socket and exits. The bench runs several of these side by side to hold 10,000 sockets.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import WebSocket from "ws";

export interface SocketSpec {
  /** ws://host:port/ws */
  url: string;
  /** One entry per socket to open: a member listed n times holds n sockets. */
  sockets: { id: string; token: string }[];
}

export interface SocketReport {
  open: number;
  closed: number;
  /** Notification id, the member whose socket it reached, and the wall-clock time (ms since the epoch) it arrived. */
  received: { id: string; member: string; at: number }[];
  /** What this client process costs: its CPU time so far (ms) and its resident memory (MB). */
  cpuMs: number;
  rssMB: number;
}

export interface SocketsReady {
  ready: true;
  open: number;
  /** Milliseconds from the first handshake to the last greeting. */
  openMs: number;
  cpuMs: number;
  rssMB: number;
}

const specFile = process.argv[2];
if (!specFile) throw new Error("usage: sockets.ts <spec.json>");
const spec = JSON.parse(readFileSync(specFile, "utf8")) as SocketSpec;

const now = () => performance.timeOrigin + performance.now();
const received: SocketReport["received"] = [];
const sockets: WebSocket[] = [];
let closed = 0;

const cost = () => {
  const { user, system } = process.cpuUsage();
  return { cpuMs: (user + system) / 1000, rssMB: process.memoryUsage.rss() / 1024 / 1024 };
};

/** Opens a socket and resolves once the server's greeting (the current count) arrives. */
function open(member: string, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${spec.url}?token=${encodeURIComponent(token)}`, { perMessageDeflate: false });
    sockets.push(socket);
    let greeted = false;
    socket.on("message", (data: WebSocket.RawData) => {
      const at = now();
      // ws hands a text frame over as one Buffer unless told otherwise; the other two forms are for fragmented binary.
      const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const text = bytes.toString();
      const message = JSON.parse(text) as { type: string; data?: { id?: string } };
      if (message.type === "notification" && message.data?.id) received.push({ id: message.data.id, member, at });
      if (!greeted && message.type === "notification_count") {
        greeted = true;
        resolve();
      }
    });
    socket.on("error", reject);
    socket.on("close", () => {
      closed++;
      if (!greeted) reject(new Error("socket closed before the greeting"));
    });
  });
}

// A few at a time, as people arrive; not thousands of handshakes in one burst.
const WAVE = 50;
const started = performance.now();
for (let i = 0; i < spec.sockets.length; i += WAVE) {
  await Promise.all(spec.sockets.slice(i, i + WAVE).map((socket) => open(socket.id, socket.token)));
}
const ready: SocketsReady = { ready: true, open: sockets.length, openMs: performance.now() - started, ...cost() };
process.stdout.write(`${JSON.stringify(ready)}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "report") {
    const report: SocketReport = { open: sockets.length - closed, closed, received: received.splice(0), ...cost() };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else if (line.trim() === "exit") {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
}
