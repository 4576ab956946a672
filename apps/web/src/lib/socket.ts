import { SOCKET_CLOSE, SOCKET_PATH, SOCKET_PING_MS, type ClientMessage, type ServerMessage } from "@housemate/contract";
import { isRecord } from "@/lib/is-record";
import { isOnline, subscribeToNetwork } from "@/lib/network";
import { SERVER_ORIGIN, serverSocketUrl } from "@/lib/server-origin";

/** SPEC §9: reconnects wait 1 s, then twice as long each time, never more than 30 s, at most 5 times. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
export const MAX_RECONNECT_ATTEMPTS = 5;

/** The wait before reconnect attempt `attempt` (1 for the first). */
export const reconnectDelay = (attempt: number) => Math.min(RECONNECT_BASE_MS * 2 ** (attempt - 1), RECONNECT_MAX_MS);

/**
 * SPEC §7: the socket lives on the API host (this origin, or the phone apps' server: decision 056), with the session
 * token in the query string.
 */
export function socketUrl(token: string, origin: string = SERVER_ORIGIN): string {
  return serverSocketUrl(`${SOCKET_PATH}?token=${encodeURIComponent(token)}`, origin);
}

export interface LiveSocketHandlers {
  /** A message that passed the contract's schema; `pong` never reaches here. */
  onMessage: (message: ServerMessage) => void;
  /** Every reconnect attempt failed: the socket stays closed until the page is reloaded. */
  onConnectionLost: () => void;
  /** The server closed the socket because the session ended; reconnecting cannot help. */
  onSessionEnded?: () => void;
}

export interface LiveSocket {
  /** A deliberate disconnect (logout, leaving the shell): closes the socket and never reconnects. */
  disconnect: () => void;
}

/**
 * The frames the server sends (SPEC §7), each with its data but pong. Keyed by the contract's type, so a new kind of
 * frame does not compile until it is listed here.
 */
const FRAME_HAS_DATA: Record<ServerMessage["type"], boolean> = {
  pong: false,
  notification: true,
  notification_count: true,
  household_changed: true,
  fund_changed: true,
  activity_changed: true,
  household_access_ended: true,
};
const isFrameType = (type: unknown): type is ServerMessage["type"] =>
  typeof type === "string" && Object.hasOwn(FRAME_HAS_DATA, type);

/**
 * Reads one frame; anything unreadable or unknown is only logged (SPEC §7 Live socket). A frame is taken as typed by
 * its type, as the API's answers are (decision 028): this is the same server, and checking it against the contract's
 * schemas would load the schema library with the first frame, on every signed-in page (decision 033).
 */
function parseMessage(raw: unknown): ServerMessage | null {
  let payload: unknown;
  try {
    payload = JSON.parse(String(raw));
  } catch {
    console.warn("Live socket: could not parse a message", raw);
    return null;
  }
  const type = isRecord(payload) ? payload.type : undefined;
  if (!isRecord(payload) || !isFrameType(type) || (FRAME_HAS_DATA[type] && !isRecord(payload.data))) {
    console.warn(`Live socket: ignored a message of type ${String(type)}`, payload);
    return null;
  }
  return payload as ServerMessage;
}

/**
 * Opens the live socket (SPEC §4 Socket, §7 Live socket): pings every 30 s while open, and after an
 * unintended close reconnects with backoff. A successful open starts the attempts afresh.
 *
 * Without a network there is nothing to try: a close while offline waits for the network rather than spending the
 * attempts, and the moment the device is back online it reconnects at once, attempts afresh, whatever wait or
 * give-up it was in (issue 22: after the Tube, live news must not wait out a 16 s backoff). Going offline closes the
 * open socket (dropForOffline), so the one used after the network returns is always a fresh one.
 */
export function connectLiveSocket(token: string, handlers: LiveSocketHandlers): LiveSocket {
  let socket: WebSocket | null = null;
  let attempts = 0;
  let stopped = false;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Gave up after MAX_RECONNECT_ATTEMPTS: the network coming back is worth a fresh start. */
  let gaveUp = false;

  const send = (message: ClientMessage) => socket?.send(JSON.stringify(message));

  function open() {
    const current = new WebSocket(socketUrl(token));
    socket = current;
    current.onopen = () => {
      attempts = 0;
      pingTimer = setInterval(() => send({ type: "ping" }), SOCKET_PING_MS);
    };
    current.onmessage = (event: MessageEvent) => {
      const message = parseMessage(event.data);
      if (message && message.type !== "pong") handlers.onMessage(message);
    };
    current.onclose = (event: CloseEvent) => {
      clearInterval(pingTimer);
      if (stopped || socket !== current) return;
      socket = null;
      if (event.code === SOCKET_CLOSE.SESSION_ENDED) {
        stopped = true;
        handlers.onSessionEnded?.();
        return;
      }
      if (!isOnline()) return;
      if (attempts >= MAX_RECONNECT_ATTEMPTS) {
        stopped = true;
        gaveUp = true;
        handlers.onConnectionLost();
        return;
      }
      attempts += 1;
      reconnectTimer = setTimeout(open, reconnectDelay(attempts));
    };
  }

  /**
   * Drops the socket without stopping: the network went, and a socket kept through that (a train in a tunnel, the Wi-Fi
   * switched) is often half dead, open on this side while the server has long closed it, so it would never report a
   * close and never be replaced. Dropped now, the network's return opens a fresh one at once.
   */
  function dropForOffline() {
    const current = socket;
    if (current === null) return;
    socket = null;
    clearInterval(pingTimer);
    current.onmessage = null;
    current.onclose = null;
    if (current.readyState === WebSocket.CONNECTING) current.onopen = () => current.close(1000, "Offline");
    else {
      current.onopen = null;
      current.close(1000, "Offline");
    }
  }

  const stopFollowingNetwork = subscribeToNetwork(() => {
    if (!isOnline()) {
      if (!stopped) dropForOffline();
      return;
    }
    if (socket !== null || (stopped && !gaveUp)) return;
    // Back online: a wait for the next attempt (or for the network) ends now.
    clearTimeout(reconnectTimer);
    stopped = false;
    gaveUp = false;
    attempts = 0;
    open();
  });

  // Opened offline (the app started from the service worker), it waits for the network like a dropped socket.
  if (isOnline()) open();

  return {
    disconnect() {
      stopFollowingNetwork();
      stopped = true;
      gaveUp = false;
      attempts = 0;
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      const current = socket;
      socket = null;
      if (!current) return;
      current.onmessage = null;
      // Closing a socket that is still connecting makes the browser log "closed before the connection is
      // established" as an error (signing out right after the shell mounted): close it once it has opened.
      if (current.readyState === WebSocket.CONNECTING) current.onopen = () => current.close(1000, "Disconnected");
      else current.close(1000, "Disconnected");
    },
  };
}
