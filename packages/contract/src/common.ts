import { z } from "zod";

/** Every success answer is `{ data: <payload> }` (DESIGN §2). */
export const envelope = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodType>(data: T) => z.object({ data });

export const idSchema = z.uuid();
export const idParams = z.object({ id: idSchema });
export const timestampSchema = z.string(); // ISO 8601, UTC

export const MONEY_MAX = 100_000;
/**
 * The least a fine or a spending can be: one minor unit. "More than 0" alone would let 1e-300 through, a positive
 * number that is 0 in minor units.
 */
export const MONEY_MIN = 0.01;
/** The one message for an amount below MONEY_MIN: a rule's fine, a fine and a spending alike (issue 18). */
export const AMOUNT_MIN_MESSAGE = "Amount must be more than 0";

/** A JSON number with at most two decimals (DESIGN §2 money). */
export const moneySchema = z
  .number() // finite: zod 4 refuses Infinity and NaN by default
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    message: "Amount can have at most 2 decimals",
  });

/**
 * An amount someone is fined or paid: at least one minor unit and at most MONEY_MAX. A rule's default fine is one too
 * (issue 18: a rule allowed £0 where the fine it fills in needs more); rules stored at 0 before stay readable, as a
 * rule's answer is a plain number.
 */
export const positiveMoneySchema = moneySchema.min(MONEY_MIN, AMOUNT_MIN_MESSAGE).max(MONEY_MAX);

export const successSchema = z.object({ success: z.literal(true) });
