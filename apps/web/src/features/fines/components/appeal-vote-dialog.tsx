import type { MouseEvent } from "react";
import { APPEAL_VOTE_LABELS, type AppealVote, type Fine } from "@housemate/contract";
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
import { useVoteOnAppeal } from "../api/vote-on-appeal";
import { FineSummary } from "./fine-summary";
import { VOTE_BUTTON_LABELS } from "./appeal-vote-labels";

export interface AppealVoteDialogProps {
  fine: Fine;
  choice: AppealVote;
  onClose: () => void;
  /** Where focus goes when it closes (Radix's onCloseAutoFocus): also called when it unmounts, the vote cast. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A vote is final (issue 21), so it is confirmed first, naming the fine; the confirmation stays open, its button busy,
 * until the server has answered.
 */
export function AppealVoteDialog({ fine, choice, onClose, onCloseAutoFocus }: AppealVoteDialogProps) {
  const vote = useVoteOnAppeal();

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Radix closes an alert dialog on its action; this one closes when the vote has settled.
    event.preventDefault();
    if (vote.isPending) return;
    vote.mutate({ fine, vote: choice }, { onSettled: onClose });
  }

  return (
    <AlertDialog open onOpenChange={(open) => !open && !vote.isPending && onClose()}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{`${APPEAL_VOTE_LABELS[choice]}?`}</AlertDialogTitle>
          <AlertDialogDescription>A vote is final: it cannot be changed.</AlertDialogDescription>
        </AlertDialogHeader>
        <FineSummary fine={fine} party="both" />
        <AlertDialogFooter>
          {/* Not 'Cancel': beside 'Cancel fine' it would read as a vote. */}
          <AlertDialogCancel disabled={vote.isPending}>Not now</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={vote.isPending}>
            {vote.isPending && <Spinner aria-hidden="true" className="size-4" />}
            {vote.isPending ? "Voting..." : VOTE_BUTTON_LABELS[choice]}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
