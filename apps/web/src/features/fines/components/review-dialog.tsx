import { useState, type SubmitEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { REVIEW_ACTIONS, reviewBody, type Fine } from "@housemate/contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { getFineDisputeQueryOptions, useFineDispute } from "../api/get-fine-dispute";
import { useReviewDispute } from "../api/review-dispute";
import { disputeOf } from "../utils/fine-description";
import { DialogFormActions, ReasonField } from "./dialog-form-parts";
import { FineSummary } from "./fine-summary";

type Action = (typeof REVIEW_ACTIONS)[number];

const CHOICES: Record<Action, { label: string; hint: string }> = {
  accept: { label: "Accept dispute", hint: "The fine is removed." },
  decline: { label: "Decline dispute", hint: "The fine stays and cannot be disputed again." },
};

export interface ReviewDialogProps {
  fine: Fine;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Problems = Partial<Record<"action" | "reason", string>>;

/**
 * The issuer accepts or declines a dispute, with a reason (SPEC §5). The dispute record is asked for when the dialog
 * opens (SPEC §6: by the issuer only); until it arrives the reason is read from the fine's description.
 */
export function ReviewDialog({ fine, open, onOpenChange }: ReviewDialogProps) {
  const queryClient = useQueryClient();
  const record = useFineDispute(fine.household_id, fine.id, open);
  const dispute = disputeOf(fine, record.data);
  const [action, setAction] = useState<Action | undefined>();
  const [reason, setReason] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const review = useReviewDispute();
  // While the record is made sure of, before the call goes: a second submit meanwhile is ignored.
  const [preparing, setPreparing] = useState(false);
  const busy = review.isPending || preparing;
  const id = (name: string) => `review-${name}-${fine.id}`;

  function change(next: boolean) {
    if (!next) {
      setAction(undefined);
      setReason("");
      setProblems({});
      review.reset();
    }
    onOpenChange(next);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = reviewBody.safeParse({ action, reason });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "action" || field === "reason") && !found[field]) found[field] = issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    // The record's id names the dispute in the call; without a record the call says what is missing.
    setPreparing(true);
    const found = await queryClient
      .query({ ...getFineDisputeQueryOptions(fine.household_id, fine.id), staleTime: "static" })
      .catch(() => null);
    setPreparing(false);
    review.mutate(
      { fine, disputeId: disputeOf(fine, found).id, review: parsed.data },
      { onSuccess: () => change(false) },
    );
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Review Dispute</DialogTitle>
            <DialogDescription>Decide whether this fine stands.</DialogDescription>
          </DialogHeader>
          <FineSummary fine={fine} party="disputer" />
          <div className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
            <p className="font-medium">Their reason</p>
            <p className="break-words whitespace-pre-line text-muted-foreground">{dispute.reason}</p>
          </div>
          <fieldset
            className="flex flex-col gap-2"
            aria-invalid={problems.action !== undefined}
            aria-describedby={problems.action ? id("action-error") : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Decision</legend>
            {REVIEW_ACTIONS.map((choice) => (
              <label
                key={choice}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm transition-colors hover:bg-accent",
                  action === choice && "border-primary bg-accent",
                )}
              >
                <input
                  type="radio"
                  name={id("action")}
                  value={choice}
                  checked={action === choice}
                  onChange={() => {
                    setAction(choice);
                    setProblems(({ action: _fixed, ...rest }) => rest);
                  }}
                  className="mt-0.5 size-4 accent-primary"
                />
                <span>
                  <span className="block font-medium">{CHOICES[choice].label}</span>
                  <span className="block text-muted-foreground">{CHOICES[choice].hint}</span>
                </span>
              </label>
            ))}
            {problems.action && (
              <p id={id("action-error")} className="text-sm text-destructive">
                {problems.action}
              </p>
            )}
          </fieldset>
          <ReasonField
            id={id("reason")}
            value={reason}
            onChange={(next) => {
              setReason(next);
              setProblems(({ reason: _fixed, ...rest }) => rest);
            }}
            problem={problems.reason}
            rows={3}
          />
          <DialogFormActions
            failure={review.isError ? "Failed to submit dispute review. Please try again." : null}
            isPending={busy}
            onCancel={() => change(false)}
          >
            Submit Review
          </DialogFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
