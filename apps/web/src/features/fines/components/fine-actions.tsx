import { lazy, Suspense, useRef, useState } from "react";
import { Gavel, HandCoins, MessageSquareWarning } from "lucide-react";
import type { Fine } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { usePayFine } from "../api/pay-fine";

// The forms load when first opened: most visits to a list of fines open neither.
const DisputeDialog = lazy(() => import("./dispute-dialog").then((module) => ({ default: module.DisputeDialog })));
const ReviewDialog = lazy(() => import("./review-dialog").then((module) => ({ default: module.ReviewDialog })));
const PayFineDialog = lazy(() => import("./pay-fine-dialog").then((module) => ({ default: module.PayFineDialog })));

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
  const [confirmingPay, setConfirmingPay] = useState(false);
  const { pay, isPaying } = usePayFine();
  const paying = isPaying(fine.id);
  const payButton = useRef<HTMLButtonElement>(null);
  const fineCard = useRef<HTMLElement | null>(null);

  // The dialog has no Radix trigger to return to: focus goes back to Pay, or, on a paid fine that has none, to the
  // fine itself, where the person was.
  function focusAfterPay(event: Event) {
    event.preventDefault();
    if (payButton.current?.isConnected) {
      payButton.current.focus();
      return;
    }
    const card = fineCard.current;
    if (!card?.isConnected) return;
    card.tabIndex = -1;
    card.focus();
  }

  const canPay = asOffender && fine.status === "pending";
  const canDispute = canPay && !fine.dispute_rejected;
  const canReview = asReviewer && fine.status === "disputed";
  if (!canPay && !canDispute && !canReview) return null;

  return (
    <>
      {canPay && (
        <Button
          ref={payButton}
          size={size}
          onClick={(event) => {
            fineCard.current = event.currentTarget.closest("article");
            setConfirmingPay(true);
          }}
          disabled={paying}
        >
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
        {canPay && confirmingPay && (
          <PayFineDialog
            fine={fine}
            isPaying={paying}
            onPay={() => pay(fine, () => setConfirmingPay(false))}
            onOpenChange={setConfirmingPay}
            onCloseAutoFocus={focusAfterPay}
          />
        )}
      </Suspense>
    </>
  );
}
