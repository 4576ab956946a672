import { z } from "zod";
import { idSchema } from "./common.js";
import { DATE_RANGE_MESSAGE } from "./values/fund.js";

const dateSchema = z.iso.date({ message: "Dates are written YYYY-MM-DD" });

/**
 * A fine history export's filters (issue 20): the fines issued from `from` to `to` (whole UTC days, both ends
 * included), and only those where `member` is the offender. Unset dates mean the household's first day and today.
 */
export const fineExportQuery = z
  .object({
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    /** A user id: the fines where they are the offender. */
    member: idSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: DATE_RANGE_MESSAGE, path: ["to"] });
export type FineExportQuery = z.input<typeof fineExportQuery>;

/** An export's body: a file (text/csv or application/pdf), not JSON; the OpenAPI document says which. */
export const exportFileSchema = z.string();
