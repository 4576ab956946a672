import { connect, type Socket } from "node:net";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SOCKET_CLOSE } from "@housemate/contract";
import { JSON_BODY_LIMIT, JSON_TOO_DEEP_MESSAGE } from "../../src/app.js";
import { SERVER_BUSY_MESSAGE } from "../../src/lib/errors.js";
import { HEADERS_TIMEOUT_MS, JSON_BODY_TIMEOUT_MS } from "../../src/plugins/transport.js";
import { SHEDDING_MS } from "../../src/plugins/load-shedding.js";
import { SOCKET_MESSAGE_BURST } from "../../src/features/notifications/socket-rate.js";
import { createTestContext, type TestContext } from "../helpers/app.js";
import { buildHouseholdWithMembers, buildMember } from "../helpers/factories.js";
import { listen, openSocket } from "../helpers/socket-client.js";
import { timed } from "../faults/helpers/app-over.js";

/** Hardening issue 13, items 1, 3 and 8: whoever holds connections open or sends costly input cannot take the API down. */

const portOf = (t: TestContext) => (t.app.server.address() as AddressInfo).port;
const connectionsTo = (t: TestContext) =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** A raw TCP connection that sends `head` and then nothing; resolves `closed` when the server hangs up. */
function stall(port: number, head: string) {
  const socket = connect(port, "127.0.0.1");
  socket.setNoDelay(true);
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString();
  });
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => {
    const started = performance.now();
    socket.once("close", () => resolve(performance.now() - started));
  });
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(head);
  return { socket, closed, connected, received: () => received };
}

/** Headers announcing a JSON body of `length` bytes, and the body's first byte only. */
const stalledLogin = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`;

describe("a request that never arrives", () => {
  const MAX_IN_FLIGHT = 4;
  let t: TestContext;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestContext({ env: { MAX_IN_FLIGHT: String(MAX_IN_FLIGHT), MAX_CONNECTIONS_PER_IP: "1000" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${portOf(t)}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  it("holds no in-flight place, so API calls keep answering, and its connection is closed at the deadline", async () => {
    const { token } = (await buildHouseholdWithMembers(t.db, 0)).owner;
    // Counted as the server reads each stalled request's headers: the calls below go once all of them are inside,
    // rather than after a sleep that hopes they are.
    let stalledInside = 0;
    const countStalled = (request: IncomingMessage) => {
      if (request.url === "/api/auth/login") stalledInside += 1;
    };
    t.app.server.on("request", countStalled);
    const stalled = Array.from({ length: MAX_IN_FLIGHT * 5 }, () => stall(portOf(t), stalledLogin(1_000)));
    sockets.push(...stalled.map((s) => s.socket));
    await expect.poll(() => stalledInside, { timeout: 5_000 }).toBe(stalled.length);
    t.app.server.off("request", countStalled);

    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/fines`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, await res.text()).toBe(200);
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const lifetimes = await Promise.all(stalled.map((s) => s.closed));
    for (const ms of lifetimes) {
      expect(ms).toBeGreaterThan(JSON_BODY_TIMEOUT_MS - 500);
      expect(ms).toBeLessThan(JSON_BODY_TIMEOUT_MS + 2_000);
    }
  }, 15_000);

  it("closes a connection whose headers never finish at Node's headersTimeout", async () => {
    const slow = stall(portOf(t), "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    sockets.push(slow.socket);
    const lived = await slow.closed;
    expect(lived).toBeGreaterThan(HEADERS_TIMEOUT_MS - 500);
    expect(lived).toBeLessThan(HEADERS_TIMEOUT_MS + 2_000);
  }, 15_000);

  it("still lets a body that arrives in time through", async () => {
    const body = JSON.stringify({ email: "slow@example.com" });
    const slow = stall(portOf(t), stalledLogin(body.length).slice(0, -1));
    sockets.push(slow.socket);
    await slow.connected;
    slow.socket.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    slow.socket.write(body.slice(5));
    await expect.poll(slow.received, { timeout: 3_000 }).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe("connections per client address", () => {
  let t: TestContext;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestContext({ env: { MAX_CONNECTIONS_PER_IP: "3" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    t.app.server.closeAllConnections();
    await t.close();
  });

  it("closes a connection over MAX_CONNECTIONS_PER_IP at once, and takes new ones when one has gone", async () => {
    const open = Array.from({ length: 3 }, () => stall(portOf(t), ""));
    sockets.push(...open.map((s) => s.socket));
    // The server has counted all three (rather than a sleep that hopes it has).
    await expect.poll(() => connectionsTo(t), { timeout: 5_000 }).toBe(3);

    const over = stall(portOf(t), "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    sockets.push(over.socket);
    expect(await over.closed).toBeLessThan(1_000);
    expect(over.received()).toBe("");

    open[0]?.socket.destroy();
    await open[0]?.closed;
    const next = stall(portOf(t), "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    sockets.push(next.socket);
    await expect.poll(next.received, { timeout: 3_000 }).toMatch(/^HTTP\/1\.1 200/);
  });

  it("is not applied behind a proxy, where every connection has the proxy's address", async () => {
    const proxied = await createTestContext({ env: { MAX_CONNECTIONS_PER_IP: "1", TRUST_PROXY: "1" } });
    try {
      await proxied.app.listen({ port: 0, host: "127.0.0.1" });
      const held = stall(portOf(proxied), "");
      sockets.push(held.socket);
      await held.connected;
      const res = await fetch(`http://127.0.0.1:${portOf(proxied)}/api/health`);
      expect(res.status).toBe(200);
    } finally {
      proxied.app.server.closeAllConnections();
      await proxied.close();
    }
  });
});

describe("the health check while the server sheds", () => {
  let t: TestContext;
  beforeAll(async () => {
    // Shedding is remembered for SHEDDING_MS of Date.now(), which the app reads from the Date it starts with: a faked
    // one (still running on its own) lets the test skip past that second rather than sleep through it.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    t = await createTestContext({ env: { MAX_IN_FLIGHT: "1" } });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it("answers 503 'degraded' in the error envelope, then 200 again once shedding has stopped", async () => {
    const { token } = await buildMember(t.db);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => t.request({ method: "GET", url: "/api/fines", token })),
    );
    expect(burst.map((res) => res.statusCode)).toContain(503);

    const health = await t.request({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toBe("1");
    expect(health.json()).toMatchObject({
      error: { code: "SERVICE_UNAVAILABLE", message: SERVER_BUSY_MESSAGE, details: { status: "degraded" } },
    });

    vi.advanceTimersByTime(SHEDDING_MS);
    expect((await t.request({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});

describe("costly JSON", () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    ({ token } = (await buildHouseholdWithMembers(t.db, 0)).owner);
  });
  afterAll(async () => t.close());

  const post = (payload: string) =>
    t.request({
      method: "POST",
      url: "/api/sticky-notes",
      token,
      headers: { "content-type": "application/json" },
      payload,
    });

  it("refuses a body nested deeper than 32 levels with 400, quickly, whatever brackets sit in its strings", async () => {
    const deep = "[".repeat(JSON_BODY_LIMIT - 10);
    const { result: res, ms } = await timed(() => post(deep));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", message: JSON_TOO_DEEP_MESSAGE });
    expect(ms).toBeLessThan(200);

    expect((await post(`${"[".repeat(33)}${"]".repeat(33)}`)).json().error.message).toBe(JSON_TOO_DEEP_MESSAGE);
    // Brackets and escaped quotes inside a string are text, not nesting.
    const note = await post(JSON.stringify({ content: `"[[[[ ${"{[".repeat(100)} \\" \\\\` }));
    expect(note.statusCode, note.body).toBe(201);
  });

  it("answers a JSON body over the limit with 413, and takes the largest real request", async () => {
    const res = await post(JSON.stringify({ content: "x".repeat(JSON_BODY_LIMIT) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");

    const noteIds = Array.from({ length: 1000 }, () => crypto.randomUUID());
    const reorder = await t.request({ method: "POST", url: "/api/sticky-notes/reorder", token, payload: { noteIds } });
    expect(reorder.statusCode, reorder.body).not.toBe(413);
  });

  it("gives only the upload route the upload's 5 MB, whatever the body's type", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/storage/upload-url",
      token,
      headers: { "content-type": "image/png" },
      payload: Buffer.alloc(JSON_BODY_LIMIT + 1),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("a flood on the live socket", () => {
  let t: TestContext;
  let url: string;
  beforeAll(async () => {
    t = await createTestContext();
    url = await listen(t.app);
  });
  afterAll(async () => t.close());

  it("closes the flooding socket with 1008 while a well-behaved one keeps its answers", async () => {
    const flooder = await openSocket(url, (await buildMember(t.db)).token);
    const calm = await openSocket(url, (await buildMember(t.db)).token);
    for (let i = 0; i < SOCKET_MESSAGE_BURST * 50; i++) flooder.send({ type: "ping" });
    expect((await flooder.closed).code).toBe(SOCKET_CLOSE.TOO_MANY_MESSAGES);
    expect(flooder.received.filter((m) => m.type === "pong").length).toBeLessThanOrEqual(SOCKET_MESSAGE_BURST);

    calm.send({ type: "ping" });
    await calm.next("pong");
    calm.close();
  });
});
