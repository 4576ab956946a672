import { useState, type SubmitEvent } from "react";
import { CORRECTION_REASON_MAX, reverseTransactionBody, type Transaction } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { formatCurrency } from "@/lib/format";
import { useReverseTransaction } from "../api/reverse-transaction";

export interface ReverseDialogProps {
  /** The entry to reverse; the dialog is open while there is one. */
  transaction: Transaction | null;
  currency: string | undefined;
  onClose: () => void;
}

/**
 * An admin reverses an income or spending entry (decision 034): a correction of the opposite amount, with the reason
 * the history shows. Checked with the contract's schema, so this dialog loads on first use (decision 033).
 */
export function ReverseDialog({ transaction, currency, onClose }: ReverseDialogProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const reverse = useReverseTransaction();

  function close() {
    setReason("");
    setProblem(undefined);
    reverse.reset();
    onClose();
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!transaction || reverse.isPending) return;
    const parsed = reverseTransactionBody.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    reverse.mutate({ transaction, body: parsed.data }, { onSuccess: close });
  }

  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reverse transaction</DialogTitle>
          <DialogDescription>
            {transaction
              ? `A correction of ${formatCurrency(-transaction.amount, currency)} undoes '${transaction.description}'. The history keeps both, with your reason.`
              : null}
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor="reverse-reason">Reason</Label>
            <Input
              id="reverse-reason"
              value={reason}
              maxLength={CORRECTION_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={problem !== undefined}
              aria-describedby={problem ? "reverse-reason-error" : undefined}
            />
            {problem && (
              <p id="reverse-reason-error" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reverse.isPending}>
              {reverse.isPending && <Spinner label="Reversing" className="size-4" />}
              Reverse
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
