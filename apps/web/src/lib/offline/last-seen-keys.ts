/**
 * The query roots the last-seen pages read (issue 22): the dashboard (the household and its members, fines, notes, the
 * balance), fines, rules, notes and the fund (under the balance's key), and what the shell around them needs (the plan,
 * the app's configuration). Persisted (lib/offline/last-seen.ts), and kept in memory as long as they are kept on disk
 * (lib/query-client.ts), or the copy would lose every page not looked at in the last five minutes.
 */
export const LAST_SEEN_ROOTS: ReadonlySet<string> = new Set([
  "households",
  "fines",
  "rules",
  "notes",
  "balance",
  "plan",
  "app-config",
]);

/** A kept copy older than a week is not restored. */
export const LAST_SEEN_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
