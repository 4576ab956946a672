import { lazy, Suspense, useState } from "react";
import { CircleCheck, CircleX } from "lucide-react";
import type { AppealVote, Fine } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { VOTE_BUTTON_LABELS } from "./appeal-vote-labels";

// Loaded when first pressed: the dashboard shows the buttons, few visits vote.
const AppealVoteDialog = lazy(() =>
  import("./appeal-vote-dialog").then((module) => ({ default: module.AppealVoteDialog })),
);

export interface AppealVoteButtonsProps {
  fine: Fine;
  size?: "sm" | "default";
}

/** A voter's two choices on an open appeal (issue 21), each confirmed first since a vote is final. */
export function AppealVoteButtons({ fine, size = "sm" }: AppealVoteButtonsProps) {
  const [choice, setChoice] = useState<AppealVote | null>(null);
  return (
    <>
      <Button size={size} variant="outline" onClick={() => setChoice("uphold")}>
        <CircleCheck aria-hidden="true" />
        {VOTE_BUTTON_LABELS.uphold}
      </Button>
      <Button size={size} variant="outline" onClick={() => setChoice("cancel")}>
        <CircleX aria-hidden="true" />
        {VOTE_BUTTON_LABELS.cancel}
      </Button>
      {choice && (
        <Suspense fallback={null}>
          <AppealVoteDialog fine={fine} choice={choice} onClose={() => setChoice(null)} />
        </Suspense>
      )}
    </>
  );
}
