import type { InsightsMonth } from "@housemate/contract";
import { formatCurrency } from "@/lib/format";
import { cn } from "@/lib/utils";
import { longMonth, shortMonth } from "../utils/format";
import { ChartTable, Legend } from "./insight-card";

// Each series has a texture as well as a colour (solid, stripes, dots), the same on its bars and in the key.
const STRIPES = {
  backgroundImage:
    "repeating-linear-gradient(135deg, transparent 0 2px, color-mix(in oklab, var(--color-background) 55%, transparent) 2px 4px)",
};
const DOTS = {
  backgroundImage:
    "radial-gradient(color-mix(in oklab, var(--color-background) 60%, transparent) 1px, transparent 1.2px)",
  backgroundSize: "4px 4px",
};
const SERIES = [
  { key: "issued", label: "Issued", className: "bg-primary", style: undefined },
  { key: "paid", label: "Paid", className: "bg-success", style: STRIPES },
  { key: "cancelled", label: "Cancelled", className: "bg-muted-foreground", style: DOTS },
] as const;

/**
 * Fines per month: three bars a month (issued, paid, cancelled), drawn with CSS so it needs no chart library and takes
 * the theme's colours in light and dark alike. Twelve months of three thin bars fit a 360 px phone.
 */
export function MonthsChart({ months, currency }: { months: readonly InsightsMonth[]; currency: string | undefined }) {
  const highest = Math.max(1, ...months.flatMap((month) => SERIES.map((series) => month[series.key].count)));
  return (
    <div className="flex flex-col gap-3">
      <div aria-hidden="true" className="flex gap-1.5">
        {/* The scale: the tallest bar's count at the top, so a bar's height reads as a number. */}
        <div className="flex h-40 w-6 shrink-0 flex-col justify-between text-right text-[0.65rem] text-muted-foreground tabular-nums sm:text-xs">
          <span className="-mt-1.5">{highest}</span>
          <span className="-mb-1.5">0</span>
        </div>
        <div className="flex h-40 min-w-0 flex-1 items-end gap-1 border-b border-l border-t border-t-border/40 sm:gap-2">
          {months.map((month) => (
            <div key={month.month} className="flex h-full min-w-0 flex-1 items-end justify-center gap-px">
              {SERIES.map((series) => (
                <div
                  key={series.key}
                  title={`${series.label}: ${month[series.key].count}`}
                  className={cn("w-full max-w-3 rounded-t-sm", series.className)}
                  style={{ ...series.style, height: `${(month[series.key].count / highest) * 100}%` }}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
      <div aria-hidden="true" className="ml-7.5 flex gap-1 text-[0.65rem] text-muted-foreground sm:gap-2 sm:text-xs">
        {months.map((month) => (
          <span key={month.month} className="min-w-0 flex-1 text-center">
            {/* Twelve short names do not fit a phone: its initial there. */}
            <span className="sm:hidden">{shortMonth(month.month).charAt(0)}</span>
            <span className="hidden sm:inline">{shortMonth(month.month)}</span>
          </span>
        ))}
      </div>
      <Legend series={SERIES} note={`Fines a month, up to ${highest}. Bars left to right: issued, paid, cancelled.`} />
      <ChartTable caption="Fines per month">
        <thead>
          <tr>
            <th scope="col">Month</th>
            {SERIES.map((series) => (
              <th key={series.key} scope="col">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{longMonth(month.month)}</th>
              {SERIES.map((series) => (
                <td key={series.key}>
                  {month[series.key].count} ({formatCurrency(month[series.key].amount, currency)})
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </div>
  );
}
