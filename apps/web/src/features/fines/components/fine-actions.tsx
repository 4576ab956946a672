import { lazy, Suspense, useId, useRef, useState } from "react";
import { Gavel, HandCoins, MessageSquareWarning } from "lucide-react";
import { APPEAL_OPEN_MESSAGE, type Fine } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { usePayFine } from "../api/pay-fine";
import { focusTargetAfter, placeOf, type FinePlace } from "../utils/focus-after";
import { AppealOffer, mightAppeal } from "./appeal-offer";
import { useFineViewer } from "./fine-viewer";

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
 * disputes while it is pending and not yet declined once; the issuer reviews a dispute. Issue 21: once declined, the
 * offender may appeal to the house; while the appeal is open Pay stays in its place, off, saying why.
 */
export function FineActions({ fine, asOffender, asReviewer, size = "sm" }: FineActionsProps) {
  const [disputing, setDisputing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [confirmingPay, setConfirmingPay] = useState(false);
  const { pay, isPaying } = usePayFine();
  const { memberCount } = useFineViewer();
  const appealOpenId = useId();
  const paying = isPaying(fine.id);
  const payButton = useRef<HTMLButtonElement>(null);
  const finePlace = useRef<FinePlace | null>(null);

  // The dialog has no Radix trigger to return to: focus goes back to Pay, or, on a paid fine that has none, to where
  // the person was (see focusTargetAfter), never to the page's <body>.
  function focusAfterPay(event: Event) {
    event.preventDefault();
    if (payButton.current?.isConnected) {
      payButton.current.focus();
      return;
    }
    const place = finePlace.current;
    if (place) focusTargetAfter(place)?.focus();
  }

  const canPay = asOffender && fine.status === "pending";
  const canDispute = canPay && !fine.dispute_rejected;
  const canReview = asReviewer && fine.status === "disputed";
  const underAppeal = canPay && fine.appeal?.status === "open";
  const mayAppeal = asOffender && mightAppeal(fine, memberCount);
  if (!canPay && !canDispute && !canReview) return null;

  return (
    <>
      {canPay && (
        <Button
          needsServer
          ref={payButton}
          size={size}
          onClick={(event) => {
            if (underAppeal) return;
            const card = event.currentTarget.closest("article");
            finePlace.current = card ? placeOf(card) : null;
            setConfirmingPay(true);
          }}
          disabled={paying}
          // Off but still focusable while the house decides, so a screen reader reaches it and hears why.
          aria-disabled={underAppeal || undefined}
          aria-describedby={underAppeal ? appealOpenId : undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          {paying ? <Spinner label="Paying" className="size-4" /> : <HandCoins aria-hidden="true" />}
          Pay
        </Button>
      )}
      {mayAppeal && <AppealOffer fine={fine} size={size} />}
      {underAppeal && (
        <p id={appealOpenId} className="basis-full text-xs text-muted-foreground">
          {APPEAL_OPEN_MESSAGE}
        </p>
      )}
      {canDispute && (
        <Button needsServer size={size} variant="outline" onClick={() => setDisputing(true)} disabled={paying}>
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
        {canPay && !underAppeal && confirmingPay && (
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
