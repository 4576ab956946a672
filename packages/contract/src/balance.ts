import { z } from "zod";
import { fundMonthSchema } from "./fund.js";

export const balanceSchema = z.object({ balance: z.number() });
/**
 * SPEC's netChange (every entry of the last NET_CHANGE_DAYS days, spending included) and totalIncome (all time), with
 * totalSpent (all time) and the last FUND_STATS_MONTHS months' income and spending, oldest first (issue 17). A
 * correction counts against the type it reverses, so balance = totalIncome − totalSpent.
 */
export const balanceStatsSchema = z.object({
  netChange: z.number(),
  totalIncome: z.number(),
  totalSpent: z.number(),
  monthly: z.array(fundMonthSchema),
});
export type BalanceStats = z.infer<typeof balanceStatsSchema>;
/** Days that count towards netChange (DESIGN §3). */
export const NET_CHANGE_DAYS = 30;
