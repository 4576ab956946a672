import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { serverBusy } from "../lib/errors.js";

/**
 * Turns API requests away at once (503 SERVICE_UNAVAILABLE with Retry-After) while `maxInFlight` are already
 * being served. Past capacity a request would only wait in a queue until the client's 10-second time-out;
 * shed early, the client hears "busy, retry in a second" and the requests already accepted finish in good
 * time. The health check is never shed: it must keep telling a load balancer the truth.
 */
export default fp(
  async function loadShedding(app: FastifyInstance, opts: { maxInFlight: number }) {
    let inFlight = 0;
    app.addHook("onRequest", async (request, reply) => {
      if (request.url.startsWith("/api/health")) return;
      if (inFlight >= opts.maxInFlight) throw serverBusy();
      inFlight++;
      // 'close' comes once the answer is sent or the client has gone, whichever happens.
      reply.raw.once("close", () => {
        inFlight--;
      });
    });
  },
  { name: "load-shedding" },
);
