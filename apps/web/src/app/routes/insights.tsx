import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { NotAvailableOffline, waitsForNetwork } from "@/components/not-available-offline";
import { useAuthStore } from "@/lib/auth/auth-store";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import type { Insights } from "@housemate/contract";
import { ExportFineHistory, type ExportMember } from "@/features/exports/components/export-fine-history";
import { useHousehold } from "@/features/households/api/get-household";
import { useIsHouseholdAdmin } from "@/features/households/hooks/use-is-household-admin";
import { useMemberChoices } from "@/features/households/hooks/use-member-choices";
import { useInsights } from "@/features/insights/api/get-insights";
import {
  hasNoFines,
  INSIGHTS_LOAD_FAILED,
  InsightsSkeleton,
  InsightsView,
  NoRecentFines,
} from "@/features/insights/components/insights-view";
import { ProCheckLoading, ProUpsell } from "@/features/plans/components/pro-upsell";
import { NEW_FINE_PATH } from "@/features/shell/components/nav-items";
import { usePageTitle } from "../page-title";

/**
 * Whose fines one may export: the current members, then the former members Insights knows had fines in its 12 months
 * (the server names them all 'Former member', so they are numbered). One who left with only older fines is not
 * offered: no answer the page has lists them.
 */
function exportMembers(current: readonly ExportMember[] = [], insights: Insights | undefined): ExportMember[] {
  const former = (insights?.members ?? []).filter(
    (member) => !member.current && !current.some((choice) => choice.id === member.userId),
  );
  return [
    ...current,
    ...former.map((member, index) => ({
      id: member.userId,
      name: former.length > 1 ? `${member.name} ${index + 1}` : member.name,
    })),
  ];
}

/**
 * /dashboard/insights (issue 20): the household's fine analytics over the last 12 months, each chart with a table a
 * screen reader reads. A Pro feature, as its export is (issue 21): on Basic the page offers Pro instead, and asks for
 * neither. The guard has already sent anyone without a household away.
 */
export function Component() {
  usePageTitle("Insights");
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const isAdmin = useIsHouseholdAdmin();
  const currency = useHousehold().data?.iso_4217_code;
  const access = usePlanAccess(householdId);
  const hasInsights = !access.isPending && access.has("analytics");
  const insights = useInsights(hasInsights ? householdId : null);
  const members = useMemberChoices().choices;

  if (!householdId) return null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Insights</h1>
          <p className="text-muted-foreground">How the household's fines went over the last 12 months.</p>
        </div>
        {hasInsights && access.has("exports") && (
          <ExportFineHistory householdId={householdId} members={exportMembers(members, insights.data)} />
        )}
      </div>
      {access.isPending ? (
        <ProCheckLoading label="Loading insights" />
      ) : !hasInsights ? (
        <ProUpsell feature="analytics" isAdmin={isAdmin} />
      ) : insights.isError ? (
        <LoadError message={INSIGHTS_LOAD_FAILED} onRetry={() => void insights.refetch()} />
      ) : waitsForNetwork(insights) ? (
        <NotAvailableOffline />
      ) : !insights.data ? (
        <InsightsSkeleton />
      ) : hasNoFines(insights.data) ? (
        <NoRecentFines
          insights={insights.data}
          action={
            <Button asChild>
              <Link to={NEW_FINE_PATH}>Issue a fine</Link>
            </Button>
          }
        />
      ) : (
        <InsightsView insights={insights.data} currency={currency} />
      )}
    </div>
  );
}
