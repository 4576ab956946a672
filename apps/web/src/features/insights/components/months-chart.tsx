import type { InsightsMonth } from "@housemate/contract";
import { formatCurrency } from "@/lib/format";
import { cn } from "@/lib/utils";
import { longMonth, shortMonth } from "../utils/format";
import { ChartTable, Legend } from "./insight-card";

const SERIES = [
  { key: "issued", label: "Issued", className: "bg-primary" },
  { key: "paid", label: "Paid", className: "bg-success" },
  { key: "cancelled", label: "Cancelled", className: "bg-muted-foreground" },
] as const;

/**
 * Fines per month: three bars a month (issued, paid, cancelled), drawn with CSS so it needs no chart library and takes
 * the theme's colours in light and dark alike. Twelve months of three thin bars fit a 360 px phone.
 */
export function MonthsChart({ months, currency }: { months: readonly InsightsMonth[]; currency: string | undefined }) {
  const highest = Math.max(1, ...months.flatMap((month) => SERIES.map((series) => month[series.key].count)));
  return (
    <div className="flex flex-col gap-3">
      <div aria-hidden="true" className="flex h-40 items-end gap-1 border-b sm:gap-2">
        {months.map((month) => (
          <div key={month.month} className="flex h-full min-w-0 flex-1 items-end justify-center gap-px">
            {SERIES.map((series) => (
              <div
                key={series.key}
                title={`${series.label}: ${month[series.key].count}`}
                className={cn("w-full max-w-3 rounded-t-sm", series.className)}
                style={{ height: `${(month[series.key].count / highest) * 100}%` }}
              />
            ))}
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="flex gap-1 text-[0.65rem] text-muted-foreground sm:gap-2 sm:text-xs">
        {months.map((month) => (
          <span key={month.month} className="min-w-0 flex-1 text-center">
            {/* Twelve short names do not fit a phone: its initial there. */}
            <span className="sm:hidden">{shortMonth(month.month).charAt(0)}</span>
            <span className="hidden sm:inline">{shortMonth(month.month)}</span>
          </span>
        ))}
      </div>
      <Legend series={SERIES} />
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
