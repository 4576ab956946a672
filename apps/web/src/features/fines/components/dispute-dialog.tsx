import { useState, type SubmitEvent } from "react";
import { disputeBody, type Fine } from "@housemate/contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { offerPush } from "@/lib/push/offer-push";
import { useSubmitDispute } from "../api/submit-dispute";
import { DialogFormActions, ReasonField } from "./dialog-form-parts";
import { FineSummary } from "./fine-summary";

export interface DisputeDialogProps {
  fine: Fine;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The offender explains why a fine is wrong (SPEC §5: at least 5 characters). */
export function DisputeDialog({ fine, open, onOpenChange }: DisputeDialogProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const dispute = useSubmitDispute();

  function change(next: boolean) {
    if (!next) {
      setReason("");
      setProblem(undefined);
      dispute.reset();
    }
    onOpenChange(next);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (dispute.isPending) return;
    const parsed = disputeBody.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    dispute.mutate(
      { fine, reason: parsed.data.reason },
      {
        onSuccess: () => {
          change(false);
          offerPush("Get a notification on this device when your dispute is reviewed?");
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Dispute Fine</DialogTitle>
            <DialogDescription>
              Tell the issuer why this fine is wrong. They will accept or decline it.
            </DialogDescription>
          </DialogHeader>
          <FineSummary fine={fine} party="issuer" />
          <ReasonField
            id={`dispute-reason-${fine.id}`}
            value={reason}
            onChange={(next) => {
              setReason(next);
              setProblem(undefined);
            }}
            problem={problem}
            placeholder="I was away that weekend..."
            rows={4}
          />
          <DialogFormActions
            failure={dispute.isError ? "Failed to submit dispute. Please try again." : null}
            isPending={dispute.isPending}
            onCancel={() => change(false)}
          >
            Submit Dispute
          </DialogFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
