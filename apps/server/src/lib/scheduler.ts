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
  run(at: Date): Promise<void>;
}

export interface SchedulerDeps {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** How long a claim holds: a run longer than this may be started again by another instance. */
export const TASK_LEASE_MS = 10 * 60_000;
/** A failed run is tried again this much later. */
export const TASK_RETRY_MS = 60_000;

export interface Scheduler {
  add(task: ScheduledTask): void;
  /** Runs every task that is due and that no other instance holds; returns the names it ran. Tests call it. */
  runDue(): Promise<string[]>;
}

/**
 * The server's periodic tasks, safe with many instances: each task's row is claimed by one conditional UPDATE (due,
 * and not held by a live claim), so one instance runs it at a time whatever the number of instances; its next run is
 * written when it finishes, so a restart carries on from the database, and a crashed instance's claim lapses.
 */
export function createScheduler({ db, log, now }: SchedulerDeps): Scheduler {
  const tasks = new Map<string, ScheduledTask>();
  return {
    add(task) {
      tasks.set(task.name, task);
    },
    async runDue() {
      const ran: string[] = [];
      for (const task of tasks.values()) {
        const at = now();
        if (!(await claim(db, task.name, at))) continue;
        try {
          await task.run(at);
          await db
            .update(scheduledTasks)
            .set({ nextRunAt: task.next(at), lockedUntil: null, lastRunAt: at, lastError: null })
            .where(eq(scheduledTasks.name, task.name));
          ran.push(task.name);
        } catch (error) {
          log.error({ err: error, task: task.name }, "a scheduled task failed; it will be tried again");
          await db
            .update(scheduledTasks)
            .set({
              nextRunAt: new Date(at.getTime() + TASK_RETRY_MS),
              lockedUntil: null,
              lastError: error instanceof Error ? error.message.slice(0, 500) : "failed",
            })
            .where(eq(scheduledTasks.name, task.name));
        }
      }
      return ran;
    },
  };
}

/** Takes the task for this instance if it is due and free. A task never run before is due at once. */
async function claim(db: Database, name: string, at: Date): Promise<boolean> {
  await db.insert(scheduledTasks).values({ name, nextRunAt: at }).onConflictDoNothing();
  const claimed = await db
    .update(scheduledTasks)
    .set({ lockedUntil: new Date(at.getTime() + TASK_LEASE_MS) })
    .where(
      and(
        eq(scheduledTasks.name, name),
        lte(scheduledTasks.nextRunAt, at),
        or(isNull(scheduledTasks.lockedUntil), lt(scheduledTasks.lockedUntil, at)),
      ),
    )
    .returning({ name: scheduledTasks.name });
  return claimed.length > 0;
}
