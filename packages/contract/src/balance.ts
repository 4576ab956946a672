import { z } from "zod";

export const balanceSchema = z.object({ balance: z.number() });
export const balanceStatsSchema = z.object({ netChange: z.number(), totalIncome: z.number() });
export type BalanceStats = z.infer<typeof balanceStatsSchema>;
/** Days that count towards netChange (DESIGN §3). */
export const NET_CHANGE_DAYS = 30;
