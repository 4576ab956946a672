import type { FineExportQuery } from "@housemate/contract";
import { dayRange } from "../../lib/day-range.js";

/** The UTC day a moment falls on, as YYYY-MM-DD. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/** Which fines an export covers: the household's, issued within [start, end), and one offender's when asked. */
export interface ExportScope {
  householdId: string;
  /** Midnight UTC at the start of `from`; unset: since the first fine. */
  start?: Date | undefined;
  /** Midnight UTC after `to`; unset: up to now. */
  end?: Date | undefined;
  offenderId?: string | undefined;
}

/** The fines the query asks for: whole UTC days with both ends included, read as every date filter is (dayRange). */
export function exportScope(householdId: string, query: FineExportQuery): ExportScope {
  return { householdId, ...dayRange(query.from, query.to), offenderId: query.member };
}
