import { z } from "zod";
import { notificationCountsSchema, notificationSchema } from "./notifications.js";

export const clientMessageSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("notification"), data: notificationSchema }),
  z.object({ type: z.literal("notification_count"), data: notificationCountsSchema }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
