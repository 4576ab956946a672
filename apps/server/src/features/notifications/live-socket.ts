import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyWebsocket from "@fastify/websocket";
import type { RawData, WebSocket } from "ws";
import { z } from "zod";
import {
  SOCKET_CLOSE,
  SOCKET_MAX_MESSAGE_BYTES,
  SOCKET_PATH,
  SOCKET_PING_MS,
  clientMessageSchema,
  type ClientMessage,
} from "@housemate/contract";
import { isAllowedOrigin } from "../../plugins/security.js";
import { forbidden, unauthenticated } from "../../lib/errors.js";
import { SocketHub, send, type Connection } from "./socket-hub.js";
import { MessageBudget } from "./socket-rate.js";
import type { AccessEnded } from "./broadcast.js";
import {
  closeEndedSessions,
  greet,
  pushAccessEnded,
  pushCounts,
  pushHouseholdChanged,
  pushNotifications,
} from "./socket-push.js";

/** How long a flooding client has to read the 1008 close frame before its connection is cut. */
const FLOOD_CLOSE_GRACE_MS = 1_000;

/** This instance's live sockets, as the notifications plugin drives them. */
export interface LiveSockets {
  /** Committed notifications, by id: each goes to its recipient's sockets here, with their new counts. */
  pushNotifications(ids: string[]): void;
  /** These users' counts changed: their sockets here get the new ones. */
  pushCounts(userIds: string[]): void;
  /** These users' sessions may have ended: their sockets here are checked now instead of at the next heartbeat. */
  checkSessions(userIds: string[]): void;
  /** These households changed: their members' sockets here are told to reload them. */
  pushHouseholdChanged(householdIds: string[]): void;
  pushFundChanged(householdIds: string[]): void;
  /** These households' logs grew: their members' sockets here are told, at most once per ACTIVITY_COALESCE_MS. */
  pushActivityChanged(householdIds: string[]): void;
  /** These people's household access ended: their sockets here are told why. */
  pushAccessEnded(ended: AccessEnded[]): void;
  /** Broadcasts may have been missed (the listener reconnected): every socket here gets its current count. */
  resync(): void;
  /** One heartbeat now (the timer runs it every HEARTBEAT_MS): drop dead sockets, close ended sessions. */
  heartbeat(): Promise<void>;
  /** Open sockets on this instance. */
  readonly connections: number;
}

/** Matches the client's ping (SPEC §9: 30 s) and the session re-check DESIGN asks for. */
export const HEARTBEAT_MS = SOCKET_PING_MS;
/**
 * How long the households whose logs grew are gathered before their members are told: a busy household (a burst of
 * fines, a departure writing many entries in several statements) costs one members' query and one frame each.
 */
export const ACTIVITY_COALESCE_MS = 100;
/** How long sockets get to answer the shutdown close before they are cut. */
const SHUTDOWN_GRACE_MS = 2_000;

const socketQuery = z.object({ token: z.string().min(1).optional() });

/**
 * SPEC §7 Live socket at /ws?token=<session token>. A missing or invalid token never gets a socket:
 * the upgrade is answered with HTTP 401 and the error envelope. Once open, the socket lives as long
 * as its session: a revoked or expired session closes it with SOCKET_CLOSE.SESSION_ENDED.
 */
export async function registerLiveSocket(app: FastifyInstance): Promise<LiveSockets> {
  const hub = new SocketHub();
  const deps = { db: app.db, hub, now: () => app.now() };
  let closing = false;

  // Pushes run one after another, so a socket never sees an older count after a newer one.
  let queue: Promise<void> = Promise.resolve();
  function enqueue(what: string, task: () => Promise<void>) {
    queue = queue.then(async () => {
      if (closing) return;
      try {
        await task();
      } catch (error) {
        app.log.error({ err: error }, `live socket: ${what} failed`);
      }
    });
  }

  async function heartbeat() {
    for (const connection of hub.connections()) {
      if (!connection.alive) {
        hub.remove(connection);
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
    await closeEndedSessions(deps, hub.connections());
  }
  const timer = setInterval(() => enqueue("heartbeat", heartbeat), HEARTBEAT_MS);
  timer.unref();

  await app.register(fastifyWebsocket, {
    options: { maxPayload: SOCKET_MAX_MESSAGE_BYTES, perMessageDeflate: false },
    // A client vanishing mid-frame is ordinary on mobile networks, not an error worth a stack trace.
    errorHandler(error, socket) {
      app.log.debug({ err: error }, "live socket error");
      socket.terminate();
    },
    preClose: async () => {
      closing = true;
      clearInterval(timer);
      await closeAll([...app.websocketServer.clients]);
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });

  async function authenticateSocket(request: FastifyRequest) {
    // Browsers send their page's origin with every upgrade and let any page open any socket, so
    // another site's page holding a leaked token is refused here. Native clients send no Origin; the phone apps' web
    // views send theirs, allowed like PUBLIC_URL's.
    if (!isAllowedOrigin(request.headers.origin, app.config.publicUrl)) {
      throw forbidden("This origin may not open the live socket.");
    }
    const query = socketQuery.safeParse(request.query);
    const token = query.success ? query.data.token : undefined;
    if (!token) throw unauthenticated();
    const session = await app.findSession(token);
    if (!session) throw unauthenticated();
    // The same Session an HTTP route of the authenticated scope gets (plugins/auth.ts).
    request.session = session;
  }

  app.get(SOCKET_PATH, { websocket: true, preValidation: authenticateSocket }, (socket, request) => {
    const { user, sessionId } = request.session;
    const connection: Connection = { socket, userId: user.id, sessionId, alive: true };
    hub.add(connection);
    socket.on("close", () => hub.remove(connection));
    socket.on("pong", () => {
      connection.alive = true;
    });
    const budget = new MessageBudget();
    socket.on("message", (data, isBinary) => {
      // A flood costs every other client event-loop time: past its budget the socket is closed, not answered.
      if (!budget.take()) {
        if (socket.readyState !== socket.OPEN) return;
        hub.remove(connection);
        socket.close(SOCKET_CLOSE.TOO_MANY_MESSAGES, "Too many messages");
        // Nothing more is read from it, so the rest of the flood costs nothing; cutting it at once instead would
        // throw away the close frame still being written, and the client would never learn why.
        socket.pause();
        setTimeout(() => socket.terminate(), FLOOD_CLOSE_GRACE_MS).unref();
        return;
      }
      connection.alive = true;
      // Anything that is not a known message is ignored, as the client does with ours (SPEC §7).
      const message = isBinary ? null : parseClientMessage(data);
      if (message?.type === "ping") send(connection, { type: "pong" });
    });
    enqueue("greet", () => greet(app.db, connection));
  });

  const activityChanged = new Set<string>();
  let activityTimer: NodeJS.Timeout | undefined;
  function flushActivityChanged() {
    activityTimer = undefined;
    const householdIds = [...activityChanged];
    activityChanged.clear();
    enqueue("push activity changed", () => pushHouseholdChanged(deps, householdIds, "activity_changed"));
  }
  app.addHook("onClose", async () => {
    clearTimeout(activityTimer);
  });

  return {
    pushActivityChanged: (householdIds) => {
      // Nobody connected here: nothing to gather.
      if (hub.size === 0) return;
      for (const id of householdIds) activityChanged.add(id);
      activityTimer ??= setTimeout(flushActivityChanged, ACTIVITY_COALESCE_MS).unref();
    },
    pushNotifications: (ids) => enqueue("push notifications", () => pushNotifications(deps, ids)),
    pushCounts: (userIds) => enqueue("push counts", () => pushCounts(deps, userIds)),
    checkSessions: (userIds) =>
      enqueue("check sessions", () =>
        closeEndedSessions(
          deps,
          userIds.flatMap((id) => hub.connectionsOf(id)),
        ),
      ),
    pushHouseholdChanged: (householdIds) =>
      enqueue("push household changed", () => pushHouseholdChanged(deps, householdIds)),
    pushFundChanged: (householdIds) =>
      enqueue("push fund changed", () => pushHouseholdChanged(deps, householdIds, "fund_changed")),
    pushAccessEnded: (ended) =>
      enqueue("push access ended", async () => {
        pushAccessEnded(deps, ended);
      }),
    resync: () => enqueue("resync counts", () => pushCounts(deps)),
    heartbeat: () => {
      enqueue("heartbeat", heartbeat);
      return queue;
    },
    get connections() {
      return hub.size;
    },
  };
}

function parseClientMessage(data: RawData): ClientMessage | null {
  try {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString("utf8")
      : data instanceof ArrayBuffer
        ? Buffer.from(data).toString("utf8")
        : data.toString("utf8");
    const parsed = clientMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Says goodbye with 1001 so clients reconnect to another instance; cuts whoever does not answer in time. */
async function closeAll(sockets: WebSocket[]) {
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) {
          resolve();
          return;
        }
        socket.once("close", () => resolve());
        socket.close(SOCKET_CLOSE.GOING_AWAY, "Server shutting down");
      }),
  );
  let timeout: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timeout = setTimeout(resolve, SHUTDOWN_GRACE_MS);
  });
  await Promise.race([Promise.all(closed), grace]);
  clearTimeout(timeout);
  for (const socket of sockets) if (socket.readyState !== socket.CLOSED) socket.terminate();
}
