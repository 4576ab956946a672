import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import WebSocket from "ws";
import { SOCKET_CLOSE, SOCKET_PATH } from "@housemate/contract";
import { TEST_ENGINE } from "../helpers/database.js";
import { eq } from "drizzle-orm";
import { mailOutbox, stickyNotes } from "../../src/db/schema.js";
import { startSmtpCapture, type SmtpCapture } from "../helpers/smtp.js";
import { createStorage, type Storage } from "./helpers/engine.js";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.js";
import { call, household, startServerProcess, stopServerProcess } from "./helpers/server-process.js";

/**
 * Issue 9 'Faults': SIGTERM in the middle of 200 writes. The server finishes what it accepted, turns the
 * rest away (503 or a refused connection, never a 500), says goodbye to sockets with 1001, cuts a client
 * that sent half a request, and exits 0; exactly the writes answered 2xx are then in the database. A mail
 * being sent when the signal comes is finished and recorded as sent before the database closes.
 */
describe(`graceful shutdown under load (${TEST_ENGINE})`, () => {
  let storage: Storage;
  let smtp: SmtpCapture;
  let mailRelay: TcpProxy;
  let smtpUrl: string;
  beforeAll(async () => {
    storage = await createStorage();
    smtp = await startSmtpCapture();
    mailRelay = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(smtp.url).port) });
    smtpUrl = `smtp://127.0.0.1:${mailRelay.port}`;
  });
  /* eslint-disable @typescript-eslint/no-unnecessary-condition -- a failed beforeAll leaves these unassigned */
  afterAll(async () => {
    await mailRelay?.close();
    await smtp?.close();
    await storage?.remove();
  });
  /* eslint-enable @typescript-eslint/no-unnecessary-condition */

  it("drains in-flight writes, closes sockets with 1001, exits 0 and loses no accepted write", async () => {
    const server = await startServerProcess({ ...storage, smtpUrl });
    const { owner } = await household(server.url, smtp, "ana@example.com");

    const socket = new WebSocket(`${server.url.replace("http", "ws")}${SOCKET_PATH}?token=${owner.token}`);
    const socketClosed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    // A client that sent half a request and went quiet: nothing to finish, and it must not hold the exit.
    const { port } = new URL(server.url);
    const halfSent = net.connect(Number(port), "127.0.0.1", () =>
      halfSent.write("POST /api/sticky-notes HTTP/1.1\r\nHost: x\r\n"),
    );
    halfSent.on("error", () => {});

    const TOTAL = 200;
    const WORKERS = 10;
    const STOP_AFTER = 80;
    const answered: Array<{ status: number; id?: string }> = [];
    const failed: string[] = [];
    let next = 0;
    let stopped: ReturnType<typeof stopServerProcess> | null = null;
    async function worker() {
      while (next < TOTAL) {
        const n = next++;
        try {
          const res = await call<{ id: string }>(server.url, {
            method: "POST",
            route: "/sticky-notes",
            token: owner.token,
            body: { content: `Write ${n}` },
          });
          answered.push({ status: res.status, ...(res.status === 201 ? { id: res.data.id } : {}) });
        } catch (error) {
          failed.push(error instanceof Error ? error.message : String(error)); // the listener is gone: refused
        }
        if (answered.length === STOP_AFTER && !stopped) stopped = stopServerProcess(server);
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, worker));

    // A worker sets `stopped` inside its closure, which the compiler cannot see from here.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    const exit = await (stopped ?? stopServerProcess(server));
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    halfSent.destroy();
    expect(await socketClosed).toBe(SOCKET_CLOSE.GOING_AWAY);

    const accepted = answered.filter((a) => a.status === 201);
    const refused = answered.filter((a) => a.status !== 201);
    expect(accepted.length).toBeGreaterThanOrEqual(STOP_AFTER - WORKERS);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set(refused.length ? [503] : []));
    expect(accepted.length + refused.length + failed.length).toBe(TOTAL);

    const database = await storage.open();
    try {
      const notes = await database.db.select({ id: stickyNotes.id }).from(stickyNotes);
      expect(new Set(notes.map((note) => note.id))).toEqual(new Set(accepted.map((a) => a.id)));
    } finally {
      await database.close();
    }
  }, 180_000);

  it("finishes sending the mail it had started, and records it as sent so it never goes twice", async () => {
    const server = await startServerProcess({ ...storage, smtpUrl });
    // The mail server stops answering while a sign-in link is on its way, and answers again after the signal.
    mailRelay.hang();
    const login = await call(server.url, { method: "POST", route: "/auth/login", body: { email: "late@example.com" } });
    expect(login.status).toBe(200);
    const exited = stopServerProcess(server);
    // Shutting down, it stops answering (rather than a sleep that hopes it has begun); the mail is still on its way.
    await expect
      .poll(
        () =>
          fetch(`${server.url}/api/health`).then(
            (res) => res.ok,
            () => false,
          ),
        { timeout: 10_000 },
      )
      .toBe(false);
    await mailRelay.restore();
    expect(await exited, server.output()).toEqual({ code: 0, signal: null });

    expect(smtp.messages.filter((m) => m.to.includes("late@example.com"))).toHaveLength(1);
    const database = await storage.open();
    try {
      const [late] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "late@example.com"));
      expect(late).toMatchObject({ attempts: 1, sentAt: expect.any(Date), lastError: null });
    } finally {
      await database.close();
    }
  }, 120_000);
});
