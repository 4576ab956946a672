import { z } from "zod";
import { idSchema } from "./common.js";
import { notificationCountsSchema, notificationSchema } from "./notifications.js";

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

export const clientMessageSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("notification"), data: notificationSchema }),
  z.object({ type: z.literal("notification_count"), data: notificationCountsSchema }),
  /**
   * Something every member sees of the household changed (name, currency, members, roles, join settings): reload the
   * household and its members. Sent to every member with an open socket, whatever their notification preferences.
   */
  z.object({ type: z.literal("household_changed"), data: z.object({ household_id: idSchema }) }),
  /**
   * The person's household access ended (removed, left on another device, the household deleted): their session
   * stays valid, and the web sends them to onboarding with `message` (ACCESS_ENDED_MESSAGES).
   */
  z.object({
    type: z.literal("household_access_ended"),
    data: z.object({ household_id: idSchema, reason: z.enum(ACCESS_ENDED_REASONS), message: z.string() }),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
