import { lazy, Suspense, useRef, useState } from "react";
import { Vote } from "lucide-react";
import { appealDeadline, canAppeal, type Fine } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { useFineViewer } from "./fine-viewer";

const AppealDialog = lazy(() => import("./appeal-dialog").then((module) => ({ default: module.AppealDialog })));

/**
 * Whether the person fined could appeal now if the plan allows it (the contract's canAppeal, the plan aside): checked
 * first, so the plan is asked for only for a fine that could be appealed, not for every row of a list.
 */
export function mightAppeal(fine: Fine, memberCount: number | undefined, now = new Date()): boolean {
  return canAppeal({
    status: fine.status,
    disputeRejected: fine.dispute_rejected,
    declinedAt: fine.declined_at,
    appealed: fine.appeal !== null,
    memberCount: memberCount ?? 0,
    hasAppealsFeature: true,
    now,
  });
}

/**
 * Focuses what `selector` finds in `card` once it shows. A list may show the fine's new state a moment after the dialog
 * closes (a dashboard card renders its answer deferred): meanwhile the card itself holds focus, never the page's <body>.
 */
function focusWhenShown(card: HTMLElement, selector: string) {
  const now = card.querySelector<HTMLElement>(selector);
  if (now) {
    now.focus();
    return;
  }
  card.focus();
  const observer = new MutationObserver(() => {
    const shown = card.querySelector<HTMLElement>(selector);
    if (!shown) return;
    observer.disconnect();
    // Only if the person has not moved on meanwhile.
    if (document.activeElement === card || document.activeElement === document.body) shown.focus();
  });
  observer.observe(card, { childList: true, subtree: true, characterData: true });
  window.setTimeout(() => observer.disconnect(), 10_000);
}

/** The fine's 'Under appeal until' line, focusable from script (fine-card.tsx): where focus goes once appealed. */
export const UNDER_APPEAL_LINE = "[data-under-appeal]";

/**
 * 'Appeal to the house' (issue 21), for the person fined on a fine `mightAppeal` allows, once the household's plan
 * says it has appeals (lib/plans' one way to ask: with plans off every household has, and the plan is not asked for;
 * a plan that failed to load counts as having it, the server still refusing what the plan lacks). Two people's
 * households are never offered it.
 */
export function AppealOffer({ fine, size = "sm" }: { fine: Fine; size?: "sm" | "default" }) {
  const { householdId } = useFineViewer();
  const access = usePlanAccess(householdId);
  const [appealing, setAppealing] = useState(false);
  const card = useRef<HTMLElement | null>(null);
  const appealed = useRef(false);
  if (access.isPending || !access.has("appeals")) return null;

  // Once appealed this button and its dialog are gone: focus goes to the fine's new 'Under appeal until' line rather
  // than to the page's <body>. A dialog closed without appealing returns focus to the button, as usual.
  function focusAfterClose(event: Event) {
    const article = card.current;
    if (!article?.isConnected) return;
    // Appealed: told so, or the fine shows its appeal already (the dialog went with this button, before being told).
    if (!appealed.current && !article.querySelector(UNDER_APPEAL_LINE)) return;
    event.preventDefault();
    focusWhenShown(article, UNDER_APPEAL_LINE);
  }

  return (
    <>
      <Button
        size={size}
        variant="outline"
        onClick={(event) => {
          card.current = event.currentTarget.closest("article");
          appealed.current = false;
          setAppealing(true);
        }}
      >
        <Vote aria-hidden="true" />
        Appeal to the house
      </Button>
      {appealing && (
        <Suspense fallback={null}>
          <AppealDialog
            fine={fine}
            open
            onOpenChange={setAppealing}
            onAppealed={() => (appealed.current = true)}
            onCloseAutoFocus={focusAfterClose}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * My Fines' 'You can appeal to the house until …' (the contract's appealDeadline), on a fine `mightAppeal` allows: said
 * exactly when 'Appeal to the house' is offered, the plan's answer included.
 */
export function AppealDeadline({ declinedAt }: { declinedAt: string }) {
  const { householdId } = useFineViewer();
  const access = usePlanAccess(householdId);
  if (access.isPending || !access.has("appeals")) return null;
  return <>{` You can appeal to the house until ${formatDate(appealDeadline(declinedAt))}.`}</>;
}
