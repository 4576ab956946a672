import { lazy, Suspense, useState } from "react";
import { Vote } from "lucide-react";
import { canAppeal, type Fine } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { useHouseholdPlan } from "@/lib/plans/get-household-plan";
import { useFineViewer } from "./fine-viewer";

const AppealDialog = lazy(() => import("./appeal-dialog").then((module) => ({ default: module.AppealDialog })));

/**
 * Whether the person fined could appeal now if the plan allows it (the contract's canAppeal, the plan aside): checked
 * first, so the plan is asked for only for a fine that could be appealed, not for every row of a list.
 */
export function mightAppeal(fine: Fine, memberCount: number | undefined, now = new Date()): boolean {
  return canAppeal({
    status: fine.status,
    disputeRejected: fine.dispute_rejected,
    declinedAt: fine.declined_at,
    appealed: fine.appeal !== null,
    memberCount: memberCount ?? 0,
    hasAppealsFeature: true,
    now,
  });
}

/**
 * 'Appeal to the house' (issue 21), for the person fined on a fine `mightAppeal` allows, once the household's plan
 * says it has appeals (with plans off, every household has). Two people's households are never offered it.
 */
export function AppealOffer({ fine, size = "sm" }: { fine: Fine; size?: "sm" | "default" }) {
  const { householdId } = useFineViewer();
  const plan = useHouseholdPlan(householdId);
  const [appealing, setAppealing] = useState(false);
  if (!plan.data?.features.includes("appeals")) return null;

  return (
    <>
      <Button size={size} variant="outline" onClick={() => setAppealing(true)}>
        <Vote aria-hidden="true" />
        Appeal to the house
      </Button>
      {appealing && (
        <Suspense fallback={null}>
          <AppealDialog fine={fine} open onOpenChange={setAppealing} />
        </Suspense>
      )}
    </>
  );
}
