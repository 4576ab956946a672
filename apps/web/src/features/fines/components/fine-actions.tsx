import { lazy, Suspense, useState } from "react";
import { Gavel, HandCoins, MessageSquareWarning } from "lucide-react";
import type { Fine } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { usePayFine } from "../api/pay-fine";

// The forms load when first opened: most visits to a list of fines open neither.
const DisputeDialog = lazy(() => import("./dispute-dialog").then((module) => ({ default: module.DisputeDialog })));
const ReviewDialog = lazy(() => import("./review-dialog").then((module) => ({ default: module.ReviewDialog })));

export interface FineActionsProps {
  fine: Fine;
  /** The viewer may pay and dispute (they are the offender). */
  asOffender: boolean;
  /** The viewer may review the dispute (they are the issuer, on a screen that offers reviews). */
  asReviewer: boolean;
  size?: "sm" | "default";
}

/**
 * What the viewer may do with a fine now (SPEC §4, §6): the offender pays while it is pending and
 * disputes while it is pending and not yet declined once; the issuer reviews a dispute.
 */
export function FineActions({ fine, asOffender, asReviewer, size = "sm" }: FineActionsProps) {
  const [disputing, setDisputing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const { pay, isPaying } = usePayFine();
  const paying = isPaying(fine.id);

  const canPay = asOffender && fine.status === "pending";
  const canDispute = canPay && !fine.dispute_rejected;
  const canReview = asReviewer && fine.status === "disputed";
  if (!canPay && !canDispute && !canReview) return null;

  return (
    <>
      {canPay && (
        <Button size={size} onClick={() => pay(fine)} disabled={paying}>
          {paying ? <Spinner label="Paying" className="size-4" /> : <HandCoins aria-hidden="true" />}
          Pay
        </Button>
      )}
      {canDispute && (
        <Button size={size} variant="outline" onClick={() => setDisputing(true)} disabled={paying}>
          <MessageSquareWarning aria-hidden="true" />
          Dispute
        </Button>
      )}
      {canReview && (
        <Button size={size} onClick={() => setReviewing(true)}>
          <Gavel aria-hidden="true" />
          Review
        </Button>
      )}
      <Suspense fallback={null}>
        {canDispute && disputing && <DisputeDialog fine={fine} open onOpenChange={setDisputing} />}
        {canReview && reviewing && <ReviewDialog fine={fine} open onOpenChange={setReviewing} />}
      </Suspense>
    </>
  );
}
