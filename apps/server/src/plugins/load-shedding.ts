import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serverBusy } from "../lib/errors.js";
import { announcesBody } from "./transport.js";

declare module "fastify" {
  interface FastifyInstance {
    loadShedding: {
      /** True while requests are being turned away: in flight at capacity, or one shed in the last SHEDDING_MS. */
      readonly shedding: boolean;
    };
  }
  interface FastifyRequest {
    /** Whether this request holds one of the in-flight places. */
    inFlight: boolean;
  }
}

/** How long after shedding a request the server still reports itself degraded. */
export const SHEDDING_MS = 1_000;

/**
 * Turns API requests away at once (503 SERVICE_UNAVAILABLE with Retry-After) while `maxInFlight` are already
 * being served. Past capacity a request would only wait in a queue until the client's 10-second time-out;
 * shed early, the client hears "busy, retry in a second" and the requests already accepted finish in good
 * time. The health check is never shed: it must keep telling a load balancer the truth.
 *
 * A request takes its place only once it is all there: at once if it has no body, else when its body has
 * arrived (preValidation). A client that sends headers and stalls its body holds no place, so such clients
 * cannot fill the server (docs/decisions/017); the transport plugin cuts them at their body's deadline.
 */
export default fp(
  async function loadShedding(app: FastifyInstance, opts: { maxInFlight: number; now?: () => number }) {
    const now = opts.now ?? Date.now;
    let inFlight = 0;
    let lastShedAt = -Infinity;
    app.decorateRequest("inFlight", false);

    function admit(request: FastifyRequest, reply: FastifyReply) {
      if (inFlight >= opts.maxInFlight) {
        lastShedAt = now();
        throw serverBusy();
      }
      inFlight++;
      request.inFlight = true;
      // 'close' comes once the answer is sent or the client has gone, whichever happens.
      reply.raw.once("close", () => {
        inFlight--;
      });
    }
    const exempt = (request: FastifyRequest) => request.url.startsWith("/api/health");

    app.addHook("onRequest", async (request, reply) => {
      if (exempt(request)) return;
      if (announcesBody(request.raw)) {
        // Refused before its body is read if the server is full already; its place is taken once the body is in.
        if (inFlight >= opts.maxInFlight) admit(request, reply);
        return;
      }
      admit(request, reply);
    });
    app.addHook("preValidation", async (request, reply) => {
      if (!exempt(request) && !request.inFlight) admit(request, reply);
    });

    app.decorate("loadShedding", {
      get shedding() {
        return inFlight >= opts.maxInFlight || now() - lastShedAt < SHEDDING_MS;
      },
    });
  },
  { name: "load-shedding" },
);
