import type { MouseEvent } from "react";
import type { Fine } from "@housemate/contract";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatCurrency } from "@/lib/format";
import { FineSummary } from "./fine-summary";
import { useFineViewer } from "./fine-viewer";

export interface PayFineDialogProps {
  fine: Fine;
  isPaying: boolean;
  onPay: () => void;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes on a paid fine, whose Pay button (the usual place) is gone. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Issue 18: paying is confirmed first, with the amount, as it cannot be undone (SPEC §4). The dialog stays open, its
 * Pay button busy, until the server has answered; SPEC's toasts then say how it went.
 */
export function PayFineDialog({ fine, isPaying, onPay, onOpenChange, onCloseAutoFocus }: PayFineDialogProps) {
  const { currency } = useFineViewer();

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Radix closes an alert dialog on its action; this one closes when the payment has settled.
    event.preventDefault();
    if (!isPaying) onPay();
  }

  return (
    <AlertDialog open onOpenChange={(open) => !isPaying && onOpenChange(open)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{`Pay ${formatCurrency(fine.amount, currency)} into the fund?`}</AlertDialogTitle>
          <AlertDialogDescription>A payment cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <FineSummary fine={fine} party="issuer" />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPaying}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={isPaying}>
            {/* The button's text says it is busy; the spinner only shows it. */}
            {isPaying && <Spinner aria-hidden="true" className="size-4" />}
            {isPaying ? "Paying..." : "Pay"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
