/**
 * Query keys more than one feature uses. The balance is the balance feature's query, but a fine paid, cancelled or
 * issued changes it, so the fines feature's caches invalidate it too (decision 010).
 */
export const householdBalanceQueryKey = (householdId: string) => ["balance", householdId] as const;
