import type { ReactNode } from "react";
import { ChartColumn } from "lucide-react";
import type { Insights } from "@housemate/contract";
import { EmptyState } from "@/components/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { DaysSinceLastFine, Disputes, TimeToPay, TopRules } from "./fine-figures";
import { FinesHeatMap } from "./fines-heat-map";
import { InsightCard } from "./insight-card";
import { MemberAmounts } from "./member-amounts";
import { MonthsChart } from "./months-chart";

export const INSIGHTS_LOAD_FAILED = "Insights could not be loaded.";

/** Whether the period has no fine at all: the page shows its empty state instead of charts of zeros. */
export const hasNoFines = (insights: Insights) => insights.disputes.issued === 0;

/**
 * The empty state of a period without fines. The household may well have older ones: when a current member's last fine
 * is known it says so and keeps 'Days since last fine'; otherwise its words stay true either way (a former member's
 * older fines are not in the answer).
 */
export function NoRecentFines({ insights, action }: { insights: Insights; action: ReactNode }) {
  const older = insights.daysSinceLastFine.some((member) => member.days !== null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-4">
        <EmptyState
          icon={<ChartColumn />}
          title="No fines in the last 12 months"
          hint={
            older ? "Charts appear once a fine is issued again." : "Insights appear once the household issues a fine."
          }
          className="w-full"
        />
        {action}
      </div>
      {older && (
        <InsightCard title="Days since last fine">
          <DaysSinceLastFine members={insights.daysSinceLastFine} />
        </InsightCard>
      )}
    </div>
  );
}

/** The Insights page's cards: one column on a phone, two from a tablet up, the wide charts across both. */
export function InsightsView({ insights, currency }: { insights: Insights; currency: string | undefined }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <InsightCard
        title="Fines per month"
        description="Issued, paid and cancelled, by month."
        className="md:col-span-2"
      >
        <MonthsChart months={insights.months} currency={currency} />
      </InsightCard>
      <InsightCard title="Amount per member" description="What each member owes, has paid and has issued.">
        <MemberAmounts members={insights.members} currency={currency} />
      </InsightCard>
      <InsightCard title="Most broken rules">
        <TopRules rules={insights.rules} currency={currency} />
      </InsightCard>
      <InsightCard title="Time to pay" description="Median time from a fine to its payment.">
        <TimeToPay hours={insights.medianHoursToPay} />
      </InsightCard>
      <InsightCard title="Disputes">
        <Disputes disputes={insights.disputes} />
      </InsightCard>
      <InsightCard title="Days since last fine">
        <DaysSinceLastFine members={insights.daysSinceLastFine} />
      </InsightCard>
      <InsightCard
        title="When fines happen"
        description={`Fines by weekday and hour (${insights.timeZone === "UTC" ? "UTC" : insights.timeZone}).`}
      >
        <FinesHeatMap grid={insights.weekdayHours} />
      </InsightCard>
    </div>
  );
}

/** The cards' shapes while the figures load. */
export function InsightsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading insights" className="grid gap-4 md:grid-cols-2">
      <Skeleton className="h-64 md:col-span-2" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-48" />
      ))}
    </div>
  );
}
