import { Suspense, useId, useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import {
  amountFieldText,
  createProposalBody,
  MONEY_MIN,
  PROPOSAL_NOTE_MAX,
  PROPOSAL_TITLE_MAX,
} from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
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
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/error-message";
import { formatCurrency } from "@/lib/format";
import { offerPush } from "@/lib/push/offer-push";
import { useCreateProposal } from "../../api/create-proposal";
import { toastProposalDecided } from "../../api/proposal-caches";
import { useProposalsViewer, type ReceiptState } from "./proposals-viewer";

const CREATE_FAILED_MESSAGE = "Failed to propose spending. Please try again.";
const NO_RECEIPT: ReceiptState = { receiptUrl: undefined, isUploading: false };

type Field = "title" | "amount" | "note";
type Problems = Partial<Record<Field, string>>;

export interface ProposeSpendingDialogProps {
  householdId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Propose spending the fund: what on, how much, why, and a receipt photo if there is one. Checked with the contract's
 * own schema, so the dialog and the server refuse the same things in the same words. Loaded when first opened: the
 * schema library stays out of every other page (decision 033).
 */
export function ProposeSpendingDialog({ householdId, open, onOpenChange }: ProposeSpendingDialogProps) {
  const { currency, ReceiptPicker } = useProposalsViewer();
  const id = useId();
  const [title, setTitle] = useState("");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [receipt, setReceipt] = useState<ReceiptState>(NO_RECEIPT);
  const [problems, setProblems] = useState<Problems>({});
  const create = useCreateProposal();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || receipt.isUploading) return;
    const body = createProposalBody.safeParse({
      title,
      // An empty field is no amount (Number("") would be 0, and read as 'more than 0').
      amount: amount.trim() === "" ? undefined : Number(amount),
      note,
      receipt_url: receipt.receiptUrl,
    });
    if (!body.success) {
      const found: Problems = {};
      for (const issue of body.error.issues) {
        const field = issue.path[0];
        if ((field === "title" || field === "amount" || field === "note") && !found[field]) {
          found[field] = field === "amount" && amount.trim() === "" ? "Amount is required" : issue.message;
        }
      }
      setProblems(found);
      return;
    }
    setProblems({});
    create.mutate(
      { householdId, body: body.data },
      {
        onSuccess: (proposal) => {
          // In a household of one the proposer's own yes decides it at once: say how, not that it awaits votes.
          if (!toastProposalDecided(proposal)) {
            toast.success("Spending proposed", {
              description: `${proposal.title} (${formatCurrency(proposal.amount, currency)}) is open for votes.`,
            });
            // They hear back when the house has voted (issue 23).
            offerPush("Get a notification on this device when the house has voted?");
          }
          onOpenChange(false);
        },
      },
    );
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    "aria-invalid": problems[name] !== undefined,
    "aria-describedby": problems[name] ? `${id}-${name}-error` : undefined,
  });
  const problem = (name: Field) =>
    problems[name] && (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive">
        {problems[name]}
      </p>
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Propose spending</DialogTitle>
            <DialogDescription>
              The household votes on it. It is paid from the fund once more than half of the members vote yes.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-title`}>Title *</Label>
            <Input
              {...field("title")}
              value={title}
              maxLength={PROPOSAL_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
              placeholder="Pizza night"
            />
            {problem("title")}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-amount`}>{`Amount (${currency}) *`}</Label>
            <Input
              {...field("amount")}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={MONEY_MIN}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              onBlur={() => setAmount(amountFieldText)}
              placeholder="0.00"
            />
            {problem("amount")}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-note`}>Note</Label>
            <Textarea
              {...field("note")}
              value={note}
              maxLength={PROPOSAL_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Friday, from the place on the corner"
              rows={3}
            />
            {problem("note")}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-receipt`}>Receipt photo</Label>
            <Suspense fallback={<Spinner label="Loading the photo picker" className="size-5" />}>
              <ReceiptPicker id={`${id}-receipt`} onChange={setReceipt} />
            </Suspense>
          </div>
          {create.isError && (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(create.error, CREATE_FAILED_MESSAGE)}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || receipt.isUploading}>
              {create.isPending && <Spinner label="Proposing" className="size-4" />}
              Propose
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
