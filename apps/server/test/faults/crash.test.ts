import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, like } from "drizzle-orm";
import { fines, mailOutbox, notifications, users } from "../../src/db/schema.js";
import { TEST_ENGINE } from "../helpers/database.js";
import { startSmtpCapture, type SmtpCapture } from "../helpers/smtp.js";
import { createStorage, type Storage } from "./helpers/engine.js";
import { call, household, startServerProcess, stopServerProcess } from "./helpers/server-process.js";

/**
 * Issue 9 'Faults': `kill -9` while fines are being issued. A fine, the offender's notification and the
 * queued email are written in one transaction; after a restart on the same data every fine answered 201
 * is there, and each fine has its notification and email (none half-applied).
 */
describe(`kill -9 in the middle of writes (${TEST_ENGINE})`, () => {
  let storage: Storage;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    storage = await createStorage();
    smtp = await startSmtpCapture();
  });
  /* eslint-disable @typescript-eslint/no-unnecessary-condition -- a failed beforeAll leaves these unassigned */
  afterAll(async () => {
    await smtp?.close();
    await storage?.remove();
  });
  /* eslint-enable @typescript-eslint/no-unnecessary-condition */

  it("keeps every answered fine, each with its notification and email, and starts again", async () => {
    const server = await startServerProcess({ ...storage, smtpUrl: smtp.url });
    const flat = await household(server.url, smtp, "ana@example.com", ["ben@example.com"]);
    const [ben] = flat.members;
    if (!ben) throw new Error("Ben did not join");
    const rule = await call<{ id: string }>(server.url, {
      method: "POST",
      route: "/rules",
      token: flat.owner.token,
      body: {
        household_id: flat.householdId,
        title: "Dishes left overnight",
        description: "Wash up the same day",
        fine_amount: 2.5,
      },
    });
    expect(rule.status).toBe(201);

    const KILL_AFTER = 60;
    const answered: string[] = [];
    let cut = 0;
    let killed = false;
    async function worker(w: number) {
      for (let n = 0; !killed; n++) {
        try {
          const res = await call<{ id: string }>(server.url, {
            method: "POST",
            route: "/fines",
            token: flat.owner.token,
            body: {
              household_id: flat.householdId,
              offender_id: ben?.userId,
              rule_id: rule.data.id,
              amount: 2.5,
              description: `Worker ${w}, fine ${n}`,
            },
          });
          expect(res.status).toBe(201);
          answered.push(res.data.id);
        } catch (error) {
          // Another worker sets `killed` while this one waits, which the compiler cannot see.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          if (!killed) throw error;
          cut++; // in flight when the process died: it may or may not have committed
        }
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as above: another worker may have killed it
        if (answered.length >= KILL_AFTER && !killed) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });

    // It starts again on the same data, and takes new writes.
    const restarted = await startServerProcess({ ...storage, smtpUrl: smtp.url });
    const after = await call(restarted.url, {
      method: "POST",
      route: "/fines",
      token: flat.owner.token,
      body: {
        household_id: flat.householdId,
        offender_id: ben.userId,
        rule_id: rule.data.id,
        amount: 1,
        description: "After",
      },
    });
    expect(after.status, restarted.output()).toBe(201);
    expect(await stopServerProcess(restarted), restarted.output()).toEqual({ code: 0, signal: null });

    const database = await storage.open();
    try {
      const db = database.db;
      const stored = await db.select({ id: fines.id }).from(fines).where(eq(fines.householdId, flat.householdId));
      const storedIds = new Set(stored.map((f) => f.id));
      expect(answered.filter((id) => !storedIds.has(id))).toEqual([]);
      expect(stored.length).toBeGreaterThanOrEqual(answered.length + 1);
      expect(stored.length).toBeLessThanOrEqual(answered.length + 1 + cut);

      const told = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, ben.userId), eq(notifications.typeId, "fine_received")));
      const [benRow] = await db.select({ email: users.email }).from(users).where(eq(users.id, ben.userId));
      const mailed = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(inArray(mailOutbox.to, [benRow?.email ?? ""]), like(mailOutbox.subject, "%: You've been fined")));
      expect({ notifications: told.length, emails: mailed.length }).toEqual({
        notifications: stored.length,
        emails: stored.length,
      });
    } finally {
      await database.close();
    }
  }, 180_000);
});
