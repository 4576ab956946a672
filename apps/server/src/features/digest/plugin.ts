import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { scheduledTasks } from "../../db/schema.js";
import { nextDigestRun } from "./schedule.js";
import { sendWeeklyDigests } from "./service.js";

/** The digest's row in `scheduled_tasks`. */
export const DIGEST_TASK = "weekly-digest";

/**
 * The weekly digest as a scheduled task (lib/scheduler.ts): due every Monday 08:00 UTC. A run with a household that
 * failed fails itself, so the scheduler tries again a minute later, and that run finds only the households not done.
 */
export default fp(
  async function digestPlugin(app: FastifyInstance) {
    app.scheduler.add({
      name: DIGEST_TASK,
      next: nextDigestRun,
      run: async (at, signal) => {
        const { failed } = await sendWeeklyDigests(app.db, {
          now: at,
          signal,
          publicUrl: app.config.publicUrl,
          onFailure: (error, householdId) =>
            app.log.error({ err: error, householdId }, "the weekly digest failed for one household"),
        });
        if (failed > 0) throw new Error(`the weekly digest failed for ${failed} household(s)`);
      },
    });
    // A task the scheduler has never run is due at once; the digest's first run waits for the first Monday 08:00, so
    // a new install (or an upgrade on a Thursday) does not mail last week's news midweek. Restarts keep the row.
    // A database that is down at boot must not stop the server: the digest then only runs at the first tick instead.
    app.addHook("onReady", async () => {
      await app.db
        .insert(scheduledTasks)
        .values({ name: DIGEST_TASK, nextRunAt: nextDigestRun(app.now()) })
        .onConflictDoNothing()
        .catch((error: unknown) => app.log.warn({ err: error }, "the weekly digest's first run could not be set"));
    });
  },
  { name: "digest", dependencies: ["db", "scheduler"] },
);
