import { Link } from "react-router";
import { ChartColumn } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { useAuthStore } from "@/lib/auth/auth-store";
import { ExportFineHistory } from "@/features/exports/components/export-fine-history";
import { useHousehold } from "@/features/households/api/get-household";
import { useHouseholdMembers } from "@/features/households/api/get-household-members";
import { useInsights } from "@/features/insights/api/get-insights";
import {
  hasNoFines,
  INSIGHTS_LOAD_FAILED,
  InsightsSkeleton,
  InsightsView,
} from "@/features/insights/components/insights-view";
import { NEW_FINE_PATH } from "@/features/shell/components/nav-items";
import { personName } from "@/lib/person-name";
import { usePageTitle } from "../page-title";

/**
 * /dashboard/insights (issue 20): the household's fine analytics over the last 12 months, each chart with a table a
 * screen reader reads. The guard has already sent anyone without a household away.
 */
export function Component() {
  usePageTitle("Insights");
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const currency = useHousehold().data?.iso_4217_code;
  const insights = useInsights(householdId);
  const members = useHouseholdMembers().data ?? [];

  if (!householdId) return null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Insights</h1>
          <p className="text-muted-foreground">How the household's fines went over the last 12 months.</p>
        </div>
        <ExportFineHistory
          householdId={householdId}
          members={members.map((member) => ({ id: member.id, name: personName(member) }))}
        />
      </div>
      {insights.isError ? (
        <LoadError message={INSIGHTS_LOAD_FAILED} onRetry={() => void insights.refetch()} />
      ) : !insights.data ? (
        <InsightsSkeleton />
      ) : hasNoFines(insights.data) ? (
        <div className="flex flex-col items-center gap-4">
          <EmptyState
            icon={<ChartColumn />}
            title="No fines yet"
            hint="Insights appear once the household has issued a fine."
            className="w-full"
          />
          <Button asChild>
            <Link to={NEW_FINE_PATH}>Issue a fine</Link>
          </Button>
        </div>
      ) : (
        <InsightsView insights={insights.data} currency={currency} />
      )}
    </div>
  );
}
