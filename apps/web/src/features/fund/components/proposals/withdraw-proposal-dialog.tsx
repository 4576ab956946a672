import { useState, type MouseEvent } from "react";
import { Undo2 } from "lucide-react";
import type { Proposal } from "@housemate/contract";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useWithdrawProposal } from "../../api/withdraw-proposal";

/** The proposer takes back an open proposal, after confirming: every member is told it was withdrawn. */
export function WithdrawProposalDialog({ proposal }: { proposal: Proposal }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawProposal();

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Stay open until the server has answered; a failure's toast says why and the dialog closes.
    event.preventDefault();
    if (withdraw.isPending) return;
    withdraw.mutate(proposal, { onSettled: () => setOpen(false) });
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button
          needsServer
          variant="ghost"
          size="sm"
          aria-label={`Withdraw ${proposal.title}`}
          disabled={withdraw.isPending}
        >
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Withdraw this proposal?</AlertDialogTitle>
          <AlertDialogDescription>
            {`"${proposal.title}" will close without being paid, and every member will be told. The votes cast on it are set aside.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it open</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={confirm}
            disabled={withdraw.isPending}
          >
            {withdraw.isPending && <Spinner label="Withdrawing" className="size-4" />}
            Withdraw
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
