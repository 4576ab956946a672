import { lazy, Suspense, useRef, useState } from "react";
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
  /**
   * Where focus goes once a vote has been cast and these buttons are gone (never the page's <body>): asked when a
   * button is pressed, while the page still shows where it was, and answering once voted (the dashboard's next appeal,
   * Fine Details' 'You voted' line).
   */
  focusAfterVote: (pressed: HTMLElement) => () => HTMLElement | null;
}

/** A voter's two choices on an open appeal (issue 21), each confirmed first since a vote is final. */
export function AppealVoteButtons({ fine, size = "sm", focusAfterVote }: AppealVoteButtonsProps) {
  const [choice, setChoice] = useState<AppealVote | null>(null);
  const pressed = useRef<{ button: HTMLElement; target: () => HTMLElement | null } | null>(null);

  function choose(event: { currentTarget: HTMLElement }, vote: AppealVote) {
    pressed.current = { button: event.currentTarget, target: focusAfterVote(event.currentTarget) };
    setChoice(vote);
  }

  // A vote not cast leaves the buttons where they were, and focus returns to the one pressed, as usual.
  function focusAfterClose(event: Event) {
    const place = pressed.current;
    if (!place || place.button.isConnected) return;
    const target = place.target();
    if (!target) return;
    event.preventDefault();
    target.focus();
  }

  return (
    <>
      <Button size={size} variant="outline" onClick={(event) => choose(event, "uphold")}>
        <CircleCheck aria-hidden="true" />
        {VOTE_BUTTON_LABELS.uphold}
      </Button>
      <Button size={size} variant="outline" onClick={(event) => choose(event, "cancel")}>
        <CircleX aria-hidden="true" />
        {VOTE_BUTTON_LABELS.cancel}
      </Button>
      {choice && (
        <Suspense fallback={null}>
          <AppealVoteDialog
            fine={fine}
            choice={choice}
            onClose={() => setChoice(null)}
            onCloseAutoFocus={focusAfterClose}
          />
        </Suspense>
      )}
    </>
  );
}
