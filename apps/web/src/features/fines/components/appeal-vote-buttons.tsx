import { useState, type MouseEvent } from "react";
import { CircleCheck, CircleX } from "lucide-react";
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
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useVoteOnAppeal } from "../api/vote-on-appeal";
import { FineSummary } from "./fine-summary";

/** The buttons' words: short, as a row of a card has room for. */
const BUTTON_LABELS: Record<AppealVote, string> = { uphold: "Uphold", cancel: "Cancel fine" };

export interface AppealVoteButtonsProps {
  fine: Fine;
  size?: "sm" | "default";
}

/**
 * A voter's two choices on an open appeal (issue 21). A vote is final, so each is confirmed first, naming the fine; the
 * confirmation stays open, its button busy, until the server has answered.
 */
export function AppealVoteButtons({ fine, size = "sm" }: AppealVoteButtonsProps) {
  const [choice, setChoice] = useState<AppealVote | null>(null);
  const vote = useVoteOnAppeal();

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Radix closes an alert dialog on its action; this one closes when the vote has settled.
    event.preventDefault();
    if (!choice || vote.isPending) return;
    vote.mutate({ fine, vote: choice }, { onSettled: () => setChoice(null) });
  }

  return (
    <>
      <Button size={size} variant="outline" onClick={() => setChoice("uphold")}>
        <CircleCheck aria-hidden="true" />
        {BUTTON_LABELS.uphold}
      </Button>
      <Button size={size} variant="outline" onClick={() => setChoice("cancel")}>
        <CircleX aria-hidden="true" />
        {BUTTON_LABELS.cancel}
      </Button>
      {choice && (
        <AlertDialog open onOpenChange={(open) => !open && !vote.isPending && setChoice(null)}>
          <AlertDialogContent>
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
                {vote.isPending ? "Voting..." : BUTTON_LABELS[choice]}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </>
  );
}
