import type { z } from "zod";
import { type FinePage, type FineStatus, type finesPageQuery } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { fromMinor } from "../../lib/money.js";
import { decodeCursor, encodeCursor } from "../../lib/page-cursor.js";
import { presentFine } from "./presenter.js";
import { countFinesByStatus, listFinesPage, type FineScope } from "./queries.js";

export type FinesPageRequest = z.output<typeof finesPageQuery>;

/**
 * A page of fines as every list route answers (decision 022): the page itself, one row more to know whether
 * another follows, and beside it the counts and sum of the whole list, read alongside by a second statement (so
 * not one snapshot: a fine committed between the two can make `total` one ahead of the pages for a moment).
 */
export async function finePage(
  db: Executor,
  scope: Omit<FineScope, "createdBy" | "reviewer">,
  query: FinesPageRequest,
  publicUrl: string,
): Promise<FinePage> {
  const { limit, status } = query;
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const narrowed = { ...scope, createdBy: query.created_by, reviewer: query.reviewer };
  const [rows, counts] = await Promise.all([
    listFinesPage(db, narrowed, { limit: limit + 1, status, after }),
    countFinesByStatus(db, narrowed),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const counted = counts.filter((row) => status === undefined || row.status === status);
  const countOf = (wanted: FineStatus) => counts.find((row) => row.status === wanted)?.count ?? 0;
  return {
    data: shown.map((row) => presentFine(row, publicUrl)),
    page: {
      total: counted.reduce((sum, row) => sum + row.count, 0),
      amount: fromMinor(counted.reduce((sum, row) => sum + row.amountMinor, 0)),
      next_cursor: rows.length > limit && last ? encodeCursor({ micros: last.positionMicros, id: last.id }) : null,
      by_status: {
        pending: countOf("pending"),
        paid: countOf("paid"),
        disputed: countOf("disputed"),
        cancelled: countOf("cancelled"),
      },
    },
  };
}
