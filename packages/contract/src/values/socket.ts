/**
 * The live socket's address, timing, limits and close codes.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../socket.ts.
 */
export const SOCKET_PATH = "/ws";
export const SOCKET_PING_MS = 30_000;
/** A bigger client message closes the socket with SOCKET_CLOSE.TOO_BIG. */
export const SOCKET_MAX_MESSAGE_BYTES = 4096;
/**
 * Close codes the server uses. A missing or invalid token never gets a socket: the upgrade is
 * refused with HTTP 401. SESSION_ENDED means the session was revoked or expired while connected:
 * reconnecting will not help until the user signs in again.
 */
export const SOCKET_CLOSE = {
  GOING_AWAY: 1001,
  TOO_MANY_CONNECTIONS: 1008,
  /** Policy violation too: the client sent messages faster than any real client does. */
  TOO_MANY_MESSAGES: 1008,
  TOO_BIG: 1009,
  SESSION_ENDED: 4401,
} as const;

/**
 * Why a person's household access ended, as their open sockets are told (`household_access_ended`). Here rather than
 * with the household's schemas, so the web's shell, which reads socket messages, pulls in none of those.
 */
export const ACCESS_ENDED_REASONS = ["removed", "left", "household_deleted"] as const;
export type AccessEndedReason = (typeof ACCESS_ENDED_REASONS)[number];
