import { z } from "zod";
import { DATE_RANGE_MESSAGE } from "./values/fund.js";
import { idSchema } from "./common.js";

/** The longest period Insights answers for: five years of months is as far back as a chart stays readable. */
export const INSIGHTS_RANGE_MAX_DAYS = 5 * 366;
export const INSIGHTS_RANGE_TOO_LONG_MESSAGE = "Choose a period of five years or less.";
/** How many of the most broken rules Insights lists. */
export const INSIGHTS_TOP_RULES = 5;
/** The heat map's rows: 0 is Monday, as ISO weeks start. */
export const INSIGHTS_WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

const dateSchema = z.iso.date({ message: "Dates are written YYYY-MM-DD" });
const DAY_MS = 86_400_000;

/** Insights' period: whole days in its time zone, both ends included. Unset: the last 12 months (decision 043). */
export const insightsQuery = z
  .object({ from: dateSchema.optional(), to: dateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: DATE_RANGE_MESSAGE, path: ["to"] })
  .refine(
    (query) =>
      !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= INSIGHTS_RANGE_MAX_DAYS * DAY_MS,
    { message: INSIGHTS_RANGE_TOO_LONG_MESSAGE, path: ["from"] },
  );
export type InsightsQuery = z.input<typeof insightsQuery>;

/** How many fines and their amount summed (in the household's currency, as every amount of the API). */
export const fineTallySchema = z.object({ count: z.number().int(), amount: z.number() });
export type FineTally = z.infer<typeof fineTallySchema>;

export const insightsMonthSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  /** Fines issued in the month, whatever became of them. */
  issued: fineTallySchema,
  /** Fines paid in the month (by when they were paid). */
  paid: fineTallySchema,
  /** Fines cancelled in the month: disputes accepted and fines written off when their offender left. */
  cancelled: fineTallySchema,
});
export type InsightsMonth = z.infer<typeof insightsMonthSchema>;

export const insightsMemberSchema = z.object({
  userId: idSchema,
  /** 'Former member' for someone no longer in the household. */
  name: z.string(),
  current: z.boolean(),
  /** Unpaid (pending or disputed) fines they received in the period. */
  owed: z.number(),
  /** Fines they received in the period and paid. */
  paid: z.number(),
  /** Fines they issued in the period, cancelled ones left out. */
  issued: z.number(),
});
export type InsightsMember = z.infer<typeof insightsMemberSchema>;

export const insightsRuleSchema = z.object({
  ruleId: idSchema,
  title: z.string(),
  count: z.number().int(),
  amount: z.number(),
});
export type InsightsRule = z.infer<typeof insightsRuleSchema>;

export const insightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The zone months, days and hours are counted in: the household has none yet, so always UTC (decision 043). */
  timeZone: z.string(),
  /** Every month of the period, oldest first, months without fines as zeros. */
  months: z.array(insightsMonthSchema),
  /** Current members first, then former members who had fines in the period. */
  members: z.array(insightsMemberSchema),
  /** The most broken rules of the period (cancelled fines left out), most fines first. */
  rules: z.array(insightsRuleSchema),
  /** The median hours from a fine to its payment, over fines paid in the period; null when none was. */
  medianHoursToPay: z.number().nullable(),
  disputes: z.object({
    /** Fines issued in the period. */
    issued: z.number().int(),
    /** Of those, how many were disputed. */
    disputed: z.number().int(),
    /** disputed / issued, 0 when nothing was issued. */
    rate: z.number(),
    /** Each disputed fine's latest dispute: accepted (fine cancelled), declined (fine stands), pending. */
    outcomes: z.object({ accepted: z.number().int(), declined: z.number().int(), pending: z.number().int() }),
  }),
  /** Whole days since each current member last received a fine (any time, cancelled ones left out); null: never. */
  daysSinceLastFine: z.array(z.object({ userId: idSchema, name: z.string(), days: z.number().int().nullable() })),
  /** Fines issued in the period by weekday (row 0 is Monday) and hour (column 0 is midnight), in `timeZone`. */
  weekdayHours: z.array(z.array(z.number().int())),
});
export type Insights = z.infer<typeof insightsSchema>;
