import { useState, type SubmitEvent } from "react";
import { APPEAL_VOTING_DAYS, openAppealBody, type Fine } from "@housemate/contract";
import { errorMessage } from "@/lib/error-message";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { offerPush } from "@/lib/push/offer-push";
import { useOpenAppeal } from "../api/open-appeal";
import { DialogFormActions, ReasonField } from "./dialog-form-parts";
import { FineSummary } from "./fine-summary";

export interface AppealDialogProps {
  fine: Fine;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told when the appeal has been made, just before the dialog closes. */
  onAppealed?: () => void;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus): also called when it unmounts, appealed. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The person fined asks the rest of the house to decide a declined dispute (issue 21: at least 5 characters). */
export function AppealDialog({ fine, open, onOpenChange, onAppealed, onCloseAutoFocus }: AppealDialogProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const appeal = useOpenAppeal();

  function change(next: boolean) {
    if (!next) {
      setReason("");
      setProblem(undefined);
      appeal.reset();
    }
    onOpenChange(next);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (appeal.isPending) return;
    const parsed = openAppealBody.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    appeal.mutate(
      { fine, reason: parsed.data.reason },
      {
        onSuccess: () => {
          onAppealed?.();
          change(false);
          offerPush("Get a notification on this device when the house decides?");
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Appeal to the house</DialogTitle>
            <DialogDescription>
              {`Your housemates, apart from whoever fined you, vote to uphold or cancel the fine within ${String(APPEAL_VOTING_DAYS)} days. You can appeal only once.`}
            </DialogDescription>
          </DialogHeader>
          <FineSummary fine={fine} party="issuer" />
          <ReasonField
            id={`appeal-reason-${fine.id}`}
            value={reason}
            onChange={(next) => {
              setReason(next);
              setProblem(undefined);
            }}
            problem={problem}
            placeholder="Sam saw me wash up that night..."
            rows={4}
          />
          <DialogFormActions
            // The server's reason when it refused (the window passed, already appealed): worth reading here too.
            failure={appeal.isError ? errorMessage(appeal.error, "Failed to submit appeal. Please try again.") : null}
            isPending={appeal.isPending}
            onCancel={() => change(false)}
          >
            Submit Appeal
          </DialogFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
