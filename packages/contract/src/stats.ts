import { z } from "zod";

/** Profile 'Statistics' for the signed-in user (SPEC §2 Profile). */
export const userStatsSchema = z.object({
  totalReceived: z.number().int(),
  pendingAmount: z.number(),
  totalIssued: z.number().int(),
  housematesFined: z.number().int(),
  amountPaid: z.number(),
  settledCount: z.number().int(),
  disputedCount: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
