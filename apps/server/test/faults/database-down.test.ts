import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { sql } from "drizzle-orm";
import { CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS, openDatabase } from "../../src/db/client.js";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../../src/lib/errors.js";
import { TEST_ENGINE } from "../helpers/database.js";
import { buildHouseholdWithMembers } from "../helpers/factories.js";
import { listen, openSocket } from "../helpers/socket-client.js";
import { appOver, timed, type FaultApp } from "./helpers/app-over.js";
import { hasPostgresBinaries, startOwnCluster, type Cluster } from "./helpers/pg-cluster.js";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.js";

/**
 * Issue 9 'Faults': with PostgreSQL stopped or silent, every request gets a prompt 503 saying so, and
 * the same process serves again as soon as the database is back. Runs on a cluster of its own.
 */
describe.runIf(TEST_ENGINE === "postgres" && hasPostgresBinaries())("when the database goes away", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startOwnCluster();
  }, 90_000);
  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a failed beforeAll leaves it unassigned
    await cluster?.destroy();
  }, 60_000);

  /** A fresh database on the cluster, reached directly or through `port` (a relay). */
  async function freshDatabase(name: string, port?: number) {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = `/${name}`;
    if (port) url.port = String(port);
    return openDatabase({ url: url.toString(), poolSize: 3 });
  }

  async function flatWithNote(t: FaultApp) {
    const { household, owner } = await buildHouseholdWithMembers(t.app.db, 1);
    const readHousehold = () =>
      t.request({ method: "GET", url: `/api/households/${household.id}`, token: owner.token });
    const addNote = () =>
      t.request({ method: "POST", url: "/api/sticky-notes", token: owner.token, payload: { content: "Bins out" } });
    const health = () => t.request({ method: "GET", url: "/api/health" });
    return { token: owner.token, readHousehold, addNote, health };
  }

  function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE } });
  }

  describe("stopped, then started again", () => {
    let t: FaultApp;
    beforeAll(async () => {
      t = await appOver(await freshDatabase("stopped_then_started"));
    }, 60_000);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a failed beforeAll leaves it unassigned
    afterAll(() => t?.close());

    it("answers 503 at once while it is down and serves again when it is back, without a restart", async () => {
      const flat = await flatWithNote(t);
      expect((await flat.readHousehold()).statusCode).toBe(200);
      expect((await flat.addNote()).statusCode).toBe(201);

      const socketUrl = await listen(t.app);
      const connected = await openSocket(socketUrl, flat.token);

      await cluster.stop();
      // Reads (the session lookup), writes (a transaction) and the health check alike.
      for (const call of [flat.readHousehold, flat.addNote, flat.health, flat.addNote]) {
        const { result, ms } = await timed(call);
        expectUnavailable(result);
        expect(ms).toBeLessThan(CONNECT_TIMEOUT_MS);
      }
      // A new live socket is refused at once; one already open stays open through the heartbeat.
      await expect(openSocket(socketUrl, flat.token)).rejects.toThrow(/503/);
      await t.app.notifications.heartbeat();
      expect(connected.ws.readyState).toBe(connected.ws.OPEN);

      await cluster.start();
      await expect.poll(async () => (await flat.health()).statusCode, { timeout: 10_000 }).toBe(200);
      expect((await flat.readHousehold()).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 6 }, () => flat.addNote()));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      const again = await openSocket(socketUrl, flat.token);
      again.close();
      connected.close();
    }, 60_000);
  });

  describe("silent (a network partition)", () => {
    let t: FaultApp;
    let relay: TcpProxy;
    beforeAll(async () => {
      relay = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(cluster.url).port) });
      t = await appOver(await freshDatabase("silent_then_answering", relay.port));
    }, 60_000);
    /* eslint-disable @typescript-eslint/no-unnecessary-condition -- a failed beforeAll leaves these unassigned */
    afterAll(async () => {
      await t?.close();
      await relay?.close();
    });
    /* eslint-enable @typescript-eslint/no-unnecessary-condition */

    it("answers 503 within the time-outs instead of hanging, and loses no pool connection for good", async () => {
      const flat = await flatWithNote(t);
      // Every pool connection open and idle: the next transactions start on connections that will hang.
      await Promise.all(Array.from({ length: 3 }, () => flat.addNote()));

      relay.hang();
      const { result: answers, ms } = await timed(() =>
        Promise.all([...Array.from({ length: 8 }, () => flat.addNote()), flat.readHousehold(), flat.health()]),
      );
      for (const res of answers) expectUnavailable(res);
      expect(ms).toBeLessThan(QUERY_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2_000);

      await relay.restore();
      // More writes than the pool has connections: none of them may be stuck waiting for a lost one.
      await expect.poll(async () => (await flat.health()).statusCode, { timeout: 10_000 }).toBe(200);
      const after = await Promise.all(Array.from({ length: 6 }, () => flat.addNote()));
      expect(after.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    }, 60_000);

    it("gives back the connection of a transaction that could not even begin", async () => {
      const db = t.app.db;
      const begin = () => db.transaction(async (tx) => tx.execute(sql`select 1`));
      await Promise.all([begin(), begin(), begin()]); // the pool's three connections, now idle

      relay.hang();
      const failures = await Promise.allSettled([begin(), begin(), begin()]);
      expect(failures.map((f) => f.status)).toEqual(["rejected", "rejected", "rejected"]);

      await relay.restore();
      // Had the three been kept, this would wait for a free connection until CONNECT_TIMEOUT_MS.
      await expect(Promise.all([begin(), begin(), begin(), begin()])).resolves.toHaveLength(4);
    }, 60_000);
  });
});
