import { z } from "zod";
import { idSchema } from "./common.js";
import { notificationCountsSchema, notificationSchema } from "./notifications.js";
import { ACCESS_ENDED_REASONS } from "./values/socket.js";

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
   * The household's fund changed (a fine paid, a proposal made, voted on or decided, a correction): reload the balance,
   * its stats, the transactions and the proposals. Sent to every member with an open socket, whatever their
   * notification preferences (issue 17).
   */
  z.object({ type: z.literal("fund_changed"), data: z.object({ household_id: idSchema }) }),
  /**
   * The household's activity log has new entries (any change in the household, issue 20): reload the log and
   * Insights. Sent to every member with an open socket after the change commits, whatever their notification
   * preferences; several changes close together may arrive as one.
   */
  z.object({ type: z.literal("activity_changed"), data: z.object({ household_id: idSchema }) }),
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
