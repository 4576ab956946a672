import type { Server, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** Starts the clock on a body the request announced (set in onRequest when it announces one). */
    startBodyDeadline: (() => void) | null;
  }
  interface FastifyContextConfig {
    /** How long the route's body may take to arrive (default JSON_BODY_TIMEOUT_MS). */
    bodyTimeoutMs?: number;
  }
}

/** A request's headers must all arrive within this (Node answers 408 and closes the connection otherwise). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A JSON body (64 KB at most, a few hundred bytes usually) must arrive within this after the headers. */
export const JSON_BODY_TIMEOUT_MS = 5_000;
/** An upload's body (5 MB at most) may take this long: a phone on a poor link still manages ~45 KB/s. */
export const UPLOAD_BODY_TIMEOUT_MS = 120_000;
/** How often Node checks its own time-outs; its default of 30 s would let a stalled request live that long past them. */
const TIMEOUT_CHECK_MS = 1_000;

/** Whether a request announces a body (Fastify's own test: a length above zero, or a chunked transfer). */
export function announcesBody(raw: IncomingMessage): boolean {
  const length = raw.headers["content-length"];
  return raw.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Connections that hold the server without sending anything are cut: slow headers by Node's headersTimeout,
 * a whole request (the longest upload included) by its requestTimeout, a body that has not arrived in its
 * route's deadline by the hook below, and any connection beyond `maxPerIp` from one address at once.
 * docs/decisions/017.
 */
export default fp(
  async function transport(app: FastifyInstance, opts: { maxConnectionsPerIp: number | null }) {
    const server = app.server;
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    server.requestTimeout = HEADERS_TIMEOUT_MS + UPLOAD_BODY_TIMEOUT_MS;
    // Read when the server starts listening.
    (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = TIMEOUT_CHECK_MS;
    if (opts.maxConnectionsPerIp !== null) capConnectionsPerIp(server, opts.maxConnectionsPerIp);

    app.decorateRequest("startBodyDeadline", null);
    app.addHook("onRequest", async (request) => {
      const raw = request.raw;
      if (!announcesBody(raw)) return;
      const socket = raw.socket;
      const ms = request.routeOptions.config.bodyTimeoutMs ?? JSON_BODY_TIMEOUT_MS;
      let timer: NodeJS.Timeout | undefined;
      let ended = false;
      const arrived = () => {
        ended = true;
        clearTimeout(timer);
        socket.off("close", arrived);
      };
      // 'end' also comes when an answer was sent without reading the body and Node drains what is left.
      raw.once("end", arrived);
      socket.once("close", arrived);
      // Whoever has not sent the body by then is not going to: the connection goes, and with it the request.
      // (Destroying a request whose body is not all read destroys its socket.)
      request.startBodyDeadline = () => {
        if (ended || timer) return;
        timer = setTimeout(() => raw.destroy(), ms);
        timer.unref();
      };
    });
    // The deadline runs from when the server starts reading the body, or from an answer sent without reading it
    // (an early 401): never while our own hooks hold the body back (a session lookup on a slow database would
    // otherwise turn its 503 into a cut connection).
    app.addHook("preParsing", async (request, _reply, payload) => {
      request.startBodyDeadline?.();
      return payload;
    });
    app.addHook("onResponse", async (request) => {
      request.startBodyDeadline?.();
    });
  },
  { name: "transport" },
);

/**
 * Closes a new connection at once while its address already holds `max`. The address is the TCP peer's:
 * behind a proxy that is the proxy's for everyone, so the cap is then left to the proxy (config.ts).
 */
function capConnectionsPerIp(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
