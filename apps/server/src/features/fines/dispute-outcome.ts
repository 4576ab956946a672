import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * What became of a fine's dispute, as Insights and the exports read it. A dispute's row keeps `pending` when its
 * fine is written off (a departure cancels the fine with nobody to review it, decision 032; the only other way a fine
 * is cancelled is its dispute being accepted), so a pending dispute on a cancelled fine is read as `written_off`:
 * closed, never to be decided. One reading for both, so the CSV and Insights never disagree. Null when there is no
 * dispute to read.
 */
export type DisputeOutcome = "pending" | "accepted" | "declined" | "written_off";

export const disputeOutcome = (disputeStatus: SQL | PgColumn, fineStatus: PgColumn): SQL<DisputeOutcome | null> =>
  sql<DisputeOutcome | null>`case when ${disputeStatus} = 'pending' and ${fineStatus} = 'cancelled' then 'written_off' else ${disputeStatus} end`;
