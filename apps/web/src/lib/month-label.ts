/** Month labels of the charts (the fund's and Insights'), in SPEC §9's en-US as every date of the app. */
const SHORT_MONTH = new Intl.DateTimeFormat("en-US", { month: "short", year: "2-digit", timeZone: "UTC" });
const MONTH_NAME = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const LONG_MONTH = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** 'Mar 26' for the stats' `2026-03` (a UTC month, as the server counts them). */
export const monthLabel = (month: string) => SHORT_MONTH.format(monthStart(month));
/** 'Mar' for `2026-03`, under a bar of a chart whose months the reader already knows the year of. */
export const monthName = (month: string) => MONTH_NAME.format(monthStart(month));
/** 'March 2026', for the table a screen reader reads. */
export const longMonthLabel = (month: string) => LONG_MONTH.format(monthStart(month));
