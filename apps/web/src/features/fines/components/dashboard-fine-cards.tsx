import { useEffect } from "react";
import { toast } from "sonner";
import { useHouseholdFines } from "../api/get-household-fines";
import { useUserFines } from "../api/get-user-fines";
import { DisputedFinesCard } from "./disputed-fines-card";
import { useFineViewer } from "./fine-viewer";
import { PendingFinesCard } from "./pending-fines-card";
import { RecentActivityCard } from "./recent-activity-card";

/** Says once per failure that a list could not be loaded (SPEC §8 Dashboard toasts). */
function useLoadFailureToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toast.error("Error", { description: message });
  }, [failed, message]);
}

/** The dashboard's fine cards (SPEC §2): pending, disputes to review, recent activity. */
export function DashboardFineCards() {
  const { householdId, userId } = useFineViewer();
  const received = useUserFines(userId);
  const household = useHouseholdFines(householdId);
  useLoadFailureToast(received.isError, "Failed to load pending fines");
  useLoadFailureToast(household.isError, "Failed to load recent fines");

  const pending = (received.data ?? []).filter((fine) => fine.status === "pending");
  const toReview = (household.data ?? []).filter((fine) => fine.status === "disputed" && fine.created_by === userId);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PendingFinesCard
        fines={pending}
        isLoading={received.isPending}
        isError={received.isError}
        onRetry={() => void received.refetch()}
      />
      <DisputedFinesCard
        fines={toReview}
        isLoading={household.isPending}
        isError={household.isError}
        onRetry={() => void household.refetch()}
      />
      <div className="lg:col-span-2">
        <RecentActivityCard
          fines={household.data ?? []}
          isLoading={household.isPending}
          isError={household.isError}
          onRetry={() => void household.refetch()}
        />
      </div>
    </div>
  );
}
