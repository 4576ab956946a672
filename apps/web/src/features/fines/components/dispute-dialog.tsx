import { useState, type FormEvent } from "react";
import { disputeBody, type Fine } from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useSubmitDispute } from "../api/submit-dispute";

export interface DisputeDialogProps {
  fine: Fine;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The offender explains why a fine is wrong (SPEC §5: at least 5 characters). */
export function DisputeDialog({ fine, open, onOpenChange }: DisputeDialogProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const dispute = useSubmitDispute();

  function change(next: boolean) {
    if (!next) {
      setReason("");
      setProblem(null);
      dispute.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (dispute.isPending) return;
    const parsed = disputeBody.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    dispute.mutate({ fine, reason: parsed.data.reason }, { onSuccess: () => change(false) });
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Dispute Fine</DialogTitle>
            <DialogDescription>Tell the issuer why this fine is wrong. They will accept or decline it.</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`dispute-reason-${fine.id}`}>Reason</Label>
            <Textarea
              id={`dispute-reason-${fine.id}`}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem(null);
              }}
              placeholder="I was away that weekend…"
              aria-invalid={problem !== null}
              aria-describedby={problem ? `dispute-reason-error-${fine.id}` : undefined}
              rows={4}
            />
            {problem && (
              <p id={`dispute-reason-error-${fine.id}`} className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
          {dispute.isError && (
            <Alert variant="destructive">
              <AlertDescription>Failed to submit dispute. Please try again.</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={dispute.isPending}>
              {dispute.isPending && <Spinner label="Submitting" className="size-4" />}
              Submit Dispute
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
