/**
 * Fine history exports (issue 20): the values both apps share, with no schema library (docs/decisions/033).
 */

/** The two formats a fine history downloads as. */
export const EXPORT_FORMATS = ["csv", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The media type each format is sent as. */
export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
};

/** An export's filters as its query string holds them: dates are whole UTC days, both ends included. */
export interface FineExportFilters {
  /** YYYY-MM-DD; unset: from the household's first day. */
  from?: string | undefined;
  /** YYYY-MM-DD; unset: to today. */
  to?: string | undefined;
  /** A user id: only the fines where they are the offender. */
  member?: string | undefined;
}

/** The query string of an export's address, its unset filters left out. */
export function fineExportSearch(filters: FineExportFilters): string {
  const query = new URLSearchParams();
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  if (filters.member) query.set("member", filters.member);
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}
