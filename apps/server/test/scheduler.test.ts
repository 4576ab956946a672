import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../src/db/client.js";
import { fineReminders, householdDigests, scheduledTasks } from "../src/db/schema.js";
import { sendWeeklyDigests } from "../src/features/digest/service.js";
import { sendDueReminders } from "../src/features/reminders/sweep.js";
import { createScheduler, TASK_LEASE_MS, TASK_RETRY_MS, type ScheduledTask } from "../src/lib/scheduler.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildFine, buildHouseholdWithMembers } from "./helpers/factories.js";
import { TEST_ENGINE } from "./helpers/database.js";

/**
 * The scheduler every instance runs (lib/scheduler.ts, docs/decisions/051), on whichever engine the run tests: one
 * instance at a time runs a due task, a failed run is tried again later, a live claim is respected and a lapsed one
 * taken over. Two schedulers over one database stand for two instances.
 */

let t: TestContext;
/** The second instance's own pool on PostgreSQL; PGlite is one database in this process, shared. */
let other: DatabaseHandle | null = null;
beforeAll(async () => {
  t = await createTestContext();
  const connectionString = t.app.database.pool?.options.connectionString;
  if (TEST_ENGINE === "postgres" && connectionString)
    other = await openDatabase({ url: connectionString, poolSize: 2 });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const MINUTE = 60_000;
let clock = new Date("2026-03-02T09:00:00Z");

/** A scheduler as one instance builds it, on the shared clock. */
function instance(db = t.db) {
  return createScheduler({ db, log: t.app.log, now: () => clock });
}

let counter = 0;
/** A task that counts its runs, due every `everyMs`, failing while `fail` says so; each test has its own name. */
function countingTask(options: { everyMs?: number; fail?: () => boolean; slowMs?: number } = {}) {
  const runs: Date[] = [];
  const task: ScheduledTask = {
    name: `test-task-${counter++}`,
    next: (at) => new Date(at.getTime() + (options.everyMs ?? 5 * MINUTE)),
    async run(at) {
      runs.push(at);
      if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
      if (options.fail?.()) throw new Error("the mail server is down");
    },
  };
  return { task, runs };
}

async function rowOf(name: string) {
  const [row] = await t.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name));
  return row;
}

describe("the scheduler", () => {
  it("runs a due task once when two instances look at the same moment, and again when it is next due", async () => {
    const { task, runs } = countingTask({ slowMs: 50 });
    const a = instance();
    const b = instance(other?.db ?? t.db);
    a.add(task);
    b.add(task);

    const ran = await Promise.all([a.runDue(), b.runDue()]);
    expect(ran.flat()).toEqual([task.name]);
    expect(runs).toHaveLength(1);
    expect(await rowOf(task.name)).toMatchObject({
      nextRunAt: new Date(clock.getTime() + 5 * MINUTE),
      lockedUntil: null,
      lastRunAt: clock,
      lastError: null,
    });

    // Not due again before its next run, whoever asks.
    clock = new Date(clock.getTime() + 5 * MINUTE - 1000);
    expect((await Promise.all([a.runDue(), b.runDue()])).flat()).toEqual([]);
    clock = new Date(clock.getTime() + 1000);
    expect((await Promise.all([a.runDue(), b.runDue()])).flat()).toEqual([task.name]);
    expect(runs).toHaveLength(2);
  });

  it("keeps a failed run's error and tries again a minute later, clearing the error once it works", async () => {
    let failing = true;
    const { task, runs } = countingTask({ fail: () => failing, everyMs: 60 * MINUTE });
    const scheduler = instance();
    scheduler.add(task);

    expect(await scheduler.runDue()).toEqual([]);
    expect(runs).toHaveLength(1);
    const failedAt = clock;
    expect(await rowOf(task.name)).toMatchObject({
      lastError: "the mail server is down",
      lockedUntil: null,
      nextRunAt: new Date(failedAt.getTime() + TASK_RETRY_MS),
      lastRunAt: null,
    });

    clock = new Date(failedAt.getTime() + TASK_RETRY_MS - 1000);
    await scheduler.runDue();
    expect(runs).toHaveLength(1);

    failing = false;
    clock = new Date(failedAt.getTime() + TASK_RETRY_MS);
    expect(await scheduler.runDue()).toEqual([task.name]);
    expect(runs).toHaveLength(2);
    expect(await rowOf(task.name)).toMatchObject({ lastError: null, lastRunAt: clock });
  });

  it("leaves a task another instance holds, and takes it over once that claim has lapsed", async () => {
    const { task, runs } = countingTask();
    const scheduler = instance();
    scheduler.add(task);
    // Another instance claimed it a moment ago and is still running it (or died doing so).
    const claimedUntil = new Date(clock.getTime() + TASK_LEASE_MS);
    await t.db.insert(scheduledTasks).values({ name: task.name, nextRunAt: clock, lockedUntil: claimedUntil });

    expect(await scheduler.runDue()).toEqual([]);
    clock = new Date(claimedUntil.getTime());
    expect(await scheduler.runDue()).toEqual([]);
    expect(runs).toHaveLength(0);

    clock = new Date(claimedUntil.getTime() + 1000);
    expect(await scheduler.runDue()).toEqual([task.name]);
    expect(runs).toHaveLength(1);
    expect(await rowOf(task.name)).toMatchObject({ lockedUntil: null, lastRunAt: clock });
  });

  it("carries on from the database after a restart: a new scheduler does not run early what ran", async () => {
    const { task, runs } = countingTask({ everyMs: 60 * MINUTE });
    const before = instance();
    before.add(task);
    expect(await before.runDue()).toEqual([task.name]);

    const after = instance();
    after.add(task);
    clock = new Date(clock.getTime() + 30 * MINUTE);
    expect(await after.runDue()).toEqual([]);
    clock = new Date(clock.getTime() + 30 * MINUTE);
    expect(await after.runDue()).toEqual([task.name]);
    expect(runs).toHaveLength(2);
  });
});

/** A task whose run waits until the test lets it end; `started` resolves once it runs. */
function heldTask(name: string) {
  let finish = () => {};
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const task: ScheduledTask = {
    name,
    next: (at) => new Date(at.getTime() + 60 * MINUTE),
    run: () =>
      new Promise<void>((resolve) => {
        finish = resolve;
        markStarted();
      }),
  };
  return { task, started, finish: () => finish() };
}

describe("the scheduler's lease", () => {
  it("is its holder's: a run that outlived it never frees the claim of the instance that took over", async () => {
    const name = `test-task-${counter++}`;
    const slow = heldTask(name);
    const a = instance();
    a.add(slow.task);
    const ranOnA = a.runDue();
    await slow.started;

    // A's run outlives its lease; B takes the task over and is running it when A's run ends.
    clock = new Date(clock.getTime() + TASK_LEASE_MS + 1000);
    const takeover = heldTask(name);
    const b = instance(other?.db ?? t.db);
    b.add(takeover.task);
    const ranOnB = b.runDue();
    await takeover.started;
    const held = await rowOf(name);
    expect(held?.lockedBy).toEqual(expect.any(String));

    slow.finish();
    await ranOnA;
    // B's claim stands, untouched by A's end: a third instance still may not run the task.
    expect(await rowOf(name)).toEqual(held);
    const c = instance();
    const { task: third, runs } = countingTask();
    c.add({ ...third, name });
    expect(await c.runDue()).toEqual([]);
    expect(runs).toHaveLength(0);

    takeover.finish();
    expect(await ranOnB).toEqual([name]);
    expect(await rowOf(name)).toMatchObject({ lockedUntil: null, lockedBy: null, lastRunAt: clock });
  });

  it("is given back, still due, when shutdown stops a run, and no other task is started", async () => {
    const name = `test-task-${counter++}`;
    const steps: number[] = [];
    let stepped = () => {};
    const firstStep = new Promise<void>((resolve) => (stepped = resolve));
    const scheduler = instance();
    scheduler.add({
      name,
      next: (at) => new Date(at.getTime() + 60 * MINUTE),
      // A long run in many small steps (households), checking for shutdown between them.
      async run(_at, signal) {
        for (let step = 0; step < 1000; step += 1) {
          signal.throwIfAborted();
          steps.push(step);
          stepped();
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    });
    const { task: after, runs } = countingTask();
    scheduler.add(after);

    const ran = scheduler.runDue();
    await firstStep;
    scheduler.stop();
    expect(await ran).toEqual([]);
    expect(steps.length).toBeLessThan(10);
    expect(runs).toHaveLength(0);
    expect(await rowOf(name)).toMatchObject({ lockedUntil: null, lockedBy: null, lastError: null, lastRunAt: null });
    expect((await rowOf(name))?.nextRunAt.getTime()).toBeLessThanOrEqual(clock.getTime());
    // Another instance carries on at once.
    const next = instance();
    const { task: carryOn, runs: carried } = countingTask();
    next.add({ ...carryOn, name });
    expect(await next.runDue()).toEqual([name]);
    expect(carried).toHaveLength(1);
  });

  it("stops the digest and the reminders between households once shutdown has begun", async () => {
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const offender = members[0];
    if (!offender) throw new Error("no member");
    const fine = await buildFine(
      t.db,
      { householdId: household.id, issuerId: owner.user.id, offenderId: offender.user.id },
      { createdAt: new Date(clock.getTime() - 4 * 24 * 60 * MINUTE) },
    );
    const shutdown = new AbortController();
    shutdown.abort(new Error("the server is shutting down"));
    const params = { now: clock, publicUrl: PUBLIC_URL, onFailure: () => {}, signal: shutdown.signal };

    // The digest of a week the new household was in (households are made on the real clock).
    const weekLater = new Date(Date.now() + 8 * 24 * 60 * MINUTE);
    await expect(sendWeeklyDigests(t.db, { ...params, now: weekLater })).rejects.toThrow("the server is shutting down");
    await expect(sendDueReminders(t.db, params)).rejects.toThrow("the server is shutting down");
    expect(await t.db.select().from(householdDigests).where(eq(householdDigests.householdId, household.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(fineReminders).where(eq(fineReminders.fineId, fine.id))).toEqual([]);
    // Not stopped, the same run sends the reminder due: the check above is what held it back.
    await sendDueReminders(t.db, { now: clock, publicUrl: PUBLIC_URL });
    expect(await t.db.select().from(fineReminders).where(eq(fineReminders.fineId, fine.id))).not.toEqual([]);
  });
});
