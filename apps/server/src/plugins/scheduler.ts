import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { createScheduler, type Scheduler } from "../lib/scheduler.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The periodic tasks (lib/scheduler.ts): features add theirs when they register; tests run them by hand. */
    scheduler: Scheduler;
  }
}

/** How often an instance looks for a due task. Each task says itself how often it is due. */
const TICK_MS = 60_000;

export default fp(
  async function schedulerPlugin(app: FastifyInstance) {
    const scheduler = createScheduler({ db: app.db, log: app.log, now: () => app.now() });
    app.decorate("scheduler", scheduler);
    let running: Promise<unknown> | null = null;
    const tick = () => {
      running ??= scheduler
        .runDue()
        .catch((error: unknown) => app.log.error({ err: error }, "scheduled tasks could not be run"))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, TICK_MS);
    timer.unref();
    app.addHook("onClose", async () => {
      clearInterval(timer);
      // The run under way stops at its task's next check (between households), so shutdown waits for one household.
      scheduler.stop();
      await running;
    });
  },
  { name: "scheduler", dependencies: ["db"] },
);
