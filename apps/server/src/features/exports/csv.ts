import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type { ExportFine } from "./queries.js";
import { dayOf, decimalAmount, disputeOutcomeText, statusText } from "./fine-row.js";
import { neutraliseFormula } from "./spreadsheet-safe.js";

/** Spreadsheet apps read a CSV as UTF-8 only when it starts with one (Excel guesses a legacy code page otherwise). */
const BYTE_ORDER_MARK = "\uFEFF";

export const CSV_COLUMNS = [
  "Date issued",
  "Rule",
  "Offender",
  "Issuer",
  "Amount",
  "Currency",
  "Status",
  "Date paid",
  "Disputed",
  "Dispute outcome",
  "Description",
] as const;

/**
 * One CSV record of a fine. Every text cell a person wrote or chose (rule, names, description) goes through
 * `neutraliseFormula`; the amount is a number we write (never negative for a fine; a minus would stay a number),
 * and dates, currency and status are our own words.
 */
function record(fine: ExportFine, currency: string): string[] {
  return [
    dayOf(fine.createdAt),
    neutraliseFormula(fine.rule ?? ""),
    neutraliseFormula(fine.offender),
    neutraliseFormula(fine.issuer),
    decimalAmount(fine.amountMinor),
    currency,
    statusText(fine),
    dayOf(fine.paidAt),
    fine.disputeOutcome === null ? "no" : "yes",
    disputeOutcomeText(fine.disputeOutcome),
    neutraliseFormula(fine.description),
  ];
}

/**
 * The fine history as RFC 4180 CSV (CRLF, quoted where a cell needs it), UTF-8 with a byte order mark, written a
 * batch at a time as the reader takes it: `Readable.from` asks for the next batch only when the last was consumed.
 */
export function fineHistoryCsv(batches: AsyncIterable<ExportFine[]>, currency: string): Readable {
  async function* chunks() {
    yield Buffer.from(BYTE_ORDER_MARK + stringify([[...CSV_COLUMNS]], { record_delimiter: "windows" }));
    for await (const batch of batches) {
      const records = batch.map((fine) => record(fine, currency));
      yield Buffer.from(stringify(records, { record_delimiter: "windows" }));
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
