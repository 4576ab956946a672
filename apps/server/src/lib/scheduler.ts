import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, lte, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { scheduledTasks } from "../db/schema.js";

/**
 * A periodic piece of work (issue 22's reminders and weekly digest, docs/decisions/051). Its effects must be safe to
 * repeat: the lease below keeps two instances from running it at once, but a run that dies half way is run again.
 */
export interface ScheduledTask {
  /** Its row in `scheduled_tasks`. */
  name: string;
  /** When it is next due after a run that started at `at`. */
  next(at: Date): Date;
  /**
   * One run. `signal` is aborted when the server shuts down: a task that loops over households checks it between
   * them (`signal.throwIfAborted()`), so shutting down never waits for a whole run; the rest is done by the next run.
   */
  run(at: Date, signal: AbortSignal): Promise<void>;
}

export interface SchedulerDeps {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * How long a claim holds: a run longer than this may be started again by another instance. Long on purpose: the lease
 * is read on each instance's own clock (the app's clock, which tests move), so clocks that disagree by a minute or two
 * only shorten it a little; and a run that outlives it does no harm but a repeat (tasks are idempotent), since it can
 * no longer finish or fail a claim that is not its own.
 */
export const TASK_LEASE_MS = 10 * 60_000;
/** A failed run is tried again this much later. */
export const TASK_RETRY_MS = 60_000;

export interface Scheduler {
  add(task: ScheduledTask): void;
  /** Runs every task that is due and that no other instance holds; returns the names it ran. Tests call it. */
  runDue(): Promise<string[]>;
  /** Aborts the run under way (its task stops at its next check) and starts no other; for shutdown. */
  stop(): void;
}

/**
 * The server's periodic tasks, safe with many instances: each task's row is claimed by one conditional UPDATE (due,
 * and not held by a live claim) that writes a new random token, so one instance runs it at a time whatever the number
 * of instances; its next run is written when it finishes, only where the row still holds that token, so a restart
 * carries on from the database, a crashed instance's claim lapses, and a run that outlived its claim changes nothing.
 */
export function createScheduler({ db, log, now }: SchedulerDeps): Scheduler {
  const tasks = new Map<string, ScheduledTask>();
  const stopping = new AbortController();
  return {
    add(task) {
      tasks.set(task.name, task);
    },
    stop() {
      stopping.abort(new Error("the server is shutting down"));
    },
    async runDue() {
      const ran: string[] = [];
      for (const task of tasks.values()) {
        if (stopping.signal.aborted) break;
        const at = now();
        const token = await claim(db, task.name, at);
        if (!token) continue;
        const mine = and(eq(scheduledTasks.name, task.name), eq(scheduledTasks.lockedBy, token));
        const release = { lockedUntil: null, lockedBy: null };
        try {
          await task.run(at, stopping.signal);
          const finished = await db
            .update(scheduledTasks)
            .set({ ...release, nextRunAt: task.next(at), lastRunAt: at, lastError: null })
            .where(mine)
            .returning({ name: scheduledTasks.name });
          if (finished.length === 0)
            log.warn(
              { task: task.name },
              "a scheduled task outlived its lease; the instance that took it over keeps it",
            );
          ran.push(task.name);
        } catch (error) {
          // stop() aborts it while the task runs, which the compiler cannot see.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          if (stopping.signal.aborted) {
            // Stopped for shutdown, not failed: free it at once, still due, for whichever instance looks next.
            log.info({ task: task.name }, "a scheduled task was stopped by shutdown; the next run carries on");
            await db.update(scheduledTasks).set(release).where(mine);
            continue;
          }
          log.error({ err: error, task: task.name }, "a scheduled task failed; it will be tried again");
          await db
            .update(scheduledTasks)
            .set({
              ...release,
              nextRunAt: new Date(at.getTime() + TASK_RETRY_MS),
              lastError: error instanceof Error ? error.message.slice(0, 500) : "failed",
            })
            .where(mine);
        }
      }
      return ran;
    },
  };
}

/**
 * Takes the task for this instance if it is due and free, and answers the claim's token (null when not taken). A task
 * never run before is due at once.
 */
async function claim(db: Database, name: string, at: Date): Promise<string | null> {
  await db.insert(scheduledTasks).values({ name, nextRunAt: at }).onConflictDoNothing();
  const token = randomUUID();
  const claimed = await db
    .update(scheduledTasks)
    .set({ lockedUntil: new Date(at.getTime() + TASK_LEASE_MS), lockedBy: token })
    .where(
      and(
        eq(scheduledTasks.name, name),
        lte(scheduledTasks.nextRunAt, at),
        or(isNull(scheduledTasks.lockedUntil), lt(scheduledTasks.lockedUntil, at)),
      ),
    )
    .returning({ name: scheduledTasks.name });
  return claimed.length > 0 ? token : null;
}
