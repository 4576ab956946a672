import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { toast } from "sonner";
import type { FundMonth } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCurrency } from "@/lib/format";
import { useBalanceStats } from "../api/get-balance-stats";
import { useHouseholdBalance } from "../api/get-household-balance";
import { longMonthLabel } from "@/lib/month-label";
import { NetChange } from "./net-change";

// chart.js comes with the chart, in a chunk of its own, once the page has its numbers (decision 035).
const FundChart = lazy(() => import("./fund-chart").then((module) => ({ default: module.FundChart })));

export const STATS_LOAD_FAILED = "Failed to load transaction statistics. Please try again.";

interface FundStatsProps {
  householdId: string;
  currency: string | undefined;
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-3 shadow-sm sm:p-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums sm:text-2xl">{children}</dd>
    </div>
  );
}

/**
 * The Fund page's figures (SPEC §3's transaction stats, issue 17): the balance, its 30-day change, all-time income and
 * spending, with SPEC §8's toast when the stats cannot be loaded.
 */
export function FundStats({ householdId, currency }: FundStatsProps) {
  const balance = useHouseholdBalance(householdId);
  const stats = useBalanceStats(householdId);
  useEffect(() => {
    if (stats.isError) toast.error("Error", { description: STATS_LOAD_FAILED, id: "fund-stats-failed" });
  }, [stats.isError]);

  const figure = (value: number | undefined) =>
    value === undefined ? <Skeleton className="h-8 w-24" /> : formatCurrency(value, currency);
  const unavailable = <span className="text-base font-normal text-muted-foreground">Unavailable</span>;

  return (
    <section aria-label="Fund figures" className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Stat label="Balance">{balance.isError ? unavailable : figure(balance.data?.balance)}</Stat>
        <Stat label="Last 30 days">
          {stats.isError ? (
            unavailable
          ) : stats.data ? (
            <NetChange amount={stats.data.netChange} currency={currency} withPeriod={false} className="text-sm" />
          ) : (
            <Skeleton className="h-8 w-24" />
          )}
        </Stat>
        <Stat label="Total income">{stats.isError ? unavailable : figure(stats.data?.totalIncome)}</Stat>
        <Stat label="Total spent">{stats.isError ? unavailable : figure(stats.data?.totalSpent)}</Stat>
      </dl>
      {stats.isError && (
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          {STATS_LOAD_FAILED}
          <Button needsServer variant="outline" size="sm" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </div>
      )}
      <MonthlyCard months={stats.data?.monthly} currency={currency} />
    </section>
  );
}

function MonthlyCard({ months, currency }: { months: readonly FundMonth[] | undefined; currency: string | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Last 12 months</CardTitle>
        <CardDescription>Money paid into the fund and spent from it, month by month.</CardDescription>
      </CardHeader>
      <CardContent>
        {months ? (
          <>
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <FundChart months={months} currency={currency} />
            </Suspense>
            <MonthlyTable months={months} currency={currency} />
          </>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

/** The chart in words, for a screen reader (the chart is a picture to it). */
function MonthlyTable({ months, currency }: { months: readonly FundMonth[]; currency: string | undefined }) {
  return (
    <table className="sr-only">
      <caption>Income and spending by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Income</th>
          <th scope="col">Spending</th>
        </tr>
      </thead>
      <tbody>
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{longMonthLabel(month.month)}</th>
            <td>{formatCurrency(month.income, currency)}</td>
            <td>{formatCurrency(month.spending, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
