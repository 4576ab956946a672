/**
 * Every cached page of the household's log starts with this key: invalidating it refreshes each filtered list. A file
 * of its own, so the live refresh in the signed-in shell names it without loading the Activity page's code.
 */
export const activityQueryKey = (householdId: string) => ["activity", householdId] as const;
