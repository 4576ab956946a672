import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { sendDueReminders } from "./sweep.js";

/** The scheduled task's name, its row in `scheduled_tasks`. */
export const REMINDERS_TASK = "fine-reminders";
/** How often the reminders are looked for: a reminder goes at most this late after its day. */
export const REMINDERS_EVERY_MS = 5 * 60_000;

/**
 * Reminders of unpaid fines (issue 22, docs/decisions/051): a task of the scheduler every instance runs. What is due
 * is worked out from the fines at each run, so there is nothing to schedule per fine and nothing to lose on a restart.
 */
export default fp(
  async function remindersPlugin(app: FastifyInstance) {
    app.scheduler.add({
      name: REMINDERS_TASK,
      next: (at) => new Date(at.getTime() + REMINDERS_EVERY_MS),
      async run(at, signal) {
        await sendDueReminders(app.db, {
          now: at,
          signal,
          publicUrl: app.config.publicUrl,
          onFailure: (error, householdId) =>
            app.log.error(
              { err: error, householdId },
              "a household's fine reminders could not be sent; retried next run",
            ),
        });
      },
    });
  },
  { name: "reminders", dependencies: ["scheduler"] },
);
