import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { HistoricFine } from "./dashboard-household.js";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** When a historic fine was issued: `daysAgo` days before today, at its hour (UTC). */
export function issuedAt(fine: HistoricFine, today = new Date()): Date {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return new Date(midnight - fine.daysAgo * DAY + fine.hour * HOUR + ((fine.daysAgo * 7) % 60) * 60_000);
}

/**
 * Moves fines made through the API today back to the dates FINE_HISTORY gives them, with everything that dates them:
 * the fine (issued, paid, last changed), its dispute and the activity log's entries about it, each after the one
 * before (disputed a day after issuing, reviewed a day later); the log's entries of the household's making, its
 * members joining and its rules move to a fortnight before the oldest fine. Only for the screenshots' household: the API cannot
 * issue a fine in the past, and the Insights charts need months to have a shape.
 *
 * The server must be stopped: PGlite's folder has one user at a time. The log is append-only by a trigger, which a
 * replica session does not fire; the fines-version trigger does not fire either, which is safe as the restarted
 * server keeps no figures from before.
 */
export async function backdateFines(dataDir: string, fines: readonly { id: string; fine: HistoricFine }[]) {
  const db = new PGlite(path.join(dataDir, "pgdata"));
  try {
    await db.transaction(async (tx) => {
      await tx.exec("set local session_replication_role = replica");
      // The household, its people and its rules came before its oldest fine, in the log as in life.
      const oldest = Math.max(...fines.map(({ fine }) => fine.daysAgo));
      await tx.query(
        `update activity_log set created_at = created_at - make_interval(days => $1)
         where kind in ('household.created', 'member.joined', 'rule.created')`,
        [oldest + 14],
      );
      for (const { id, fine } of fines) {
        const issued = issuedAt(fine);
        const disputed = new Date(issued.getTime() + DAY);
        const reviewed = new Date(issued.getTime() + 2 * DAY);
        const paid = new Date(issued.getTime() + fine.hoursToPay * HOUR);
        await tx.query(
          `update fines set created_at = $2,
             paid_at = case when paid_at is null then null else $3::timestamptz end,
             updated_at = case when status = 'paid' then $3::timestamptz
                               when status = 'cancelled' or exists (select 1 from disputes where fine_id = $1) then $4
                               else $2 end
           where id = $1`,
          [id, issued, paid, reviewed],
        );
        await tx.query(
          `update disputes set created_at = $2,
             updated_at = case when status = 'pending' then $2 else $3::timestamptz end
           where fine_id = $1`,
          [id, disputed, reviewed],
        );
        await tx.query(
          `update activity_log set created_at = case kind
             when 'fine.issued' then $2::timestamptz
             when 'fine.disputed' then $3::timestamptz
             when 'fine.reviewed' then $4::timestamptz
             when 'fine.paid' then $5::timestamptz
             else created_at end
           where subject_type = 'fine' and subject_id = $1`,
          [id, issued, disputed, reviewed, paid],
        );
      }
    });
  } finally {
    await db.close();
  }
}
