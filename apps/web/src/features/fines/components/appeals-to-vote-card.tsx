import { useId } from "react";
import { APPEAL_MIN_MEMBERS, type AppealWithFine } from "@housemate/contract";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCurrency, formatDate } from "@/lib/format";
import { useOpenAppeals } from "../api/get-open-appeals";
import { focusTargetAfter, placeOf } from "../utils/focus-after";
import { AppealVoteButtons } from "./appeal-vote-buttons";
import { useFineViewer } from "./fine-viewer";

const VOTE_GROUP = "[data-vote-group]";

/** Once voted, the appeal leaves the card: focus goes to the next one's votes, else the card's title, else the page. */
function focusAfterVote(pressed: HTMLElement): () => HTMLElement | null {
  const card = pressed.closest("article");
  const place = card ? placeOf(card) : null;
  return () => (place ? focusTargetAfter(place, VOTE_GROUP) : document.getElementById("main"));
}

function AppealToVoteOn({ appeal, fine }: AppealWithFine) {
  const { currency, memberName, ruleTitle } = useFineViewer();
  const title = ruleTitle(fine.rule_id) ?? "Fine";
  const parties = `${memberName(fine.created_by)} fined ${memberName(fine.offender_id)}`;
  return (
    <article
      aria-label={title}
      className="flex flex-col gap-2 rounded-md border border-l-4 border-l-warning px-3 py-2.5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold break-words">{title}</h3>
          <p className="text-xs text-muted-foreground">{parties.charAt(0).toUpperCase() + parties.slice(1)}</p>
        </div>
        <p className="shrink-0 text-sm font-bold tabular-nums">{formatCurrency(fine.amount, currency)}</p>
      </div>
      <p className="text-sm break-words whitespace-pre-line">{`Appeal: ${appeal.reason}`}</p>
      <p className="text-xs text-muted-foreground">{`Voting closes ${formatDate(appeal.closes_at)}`}</p>
      <div
        role="group"
        aria-label={`Your vote on ${title}`}
        // Focusable from script: where focus goes once the appeal before it was voted on.
        data-vote-group
        tabIndex={-1}
        className="flex flex-wrap gap-1.5 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring max-sm:[&_button]:min-h-11"
      >
        <AppealVoteButtons fine={fine} focusAfterVote={focusAfterVote} />
      </div>
    </article>
  );
}

/**
 * The dashboard's appeals the viewer may vote on (issue 21): each fine's rule, amount, who was fined, the appeal's
 * reason and when voting closes, with the two votes. Asked for only in a household of three or more, where an appeal
 * can be; shown only when there is something to vote on.
 */
export function AppealsToVoteCard() {
  const { householdId, memberCount } = useFineViewer();
  const { data } = useOpenAppeals(memberCount !== undefined && memberCount >= APPEAL_MIN_MEMBERS ? householdId : null);
  const titleId = useId();
  const toVoteOn = data?.filter((each) => each.appeal.can_vote) ?? [];
  if (toVoteOn.length === 0) return null;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="gap-1.5 p-5 pb-4">
        <div className="flex items-baseline justify-between gap-3">
          {/* Focusable from script, as the fine lists' titles are: where focus goes if the voted appeal had no neighbour. */}
          <CardTitle id={titleId} tabIndex={-1} className="outline-none">
            Appeals to vote on
          </CardTitle>
          <Badge variant="warning">{toVoteOn.length}</Badge>
        </div>
        <CardDescription>A housemate asked the house to decide. A vote is final.</CardDescription>
      </CardHeader>
      <CardContent className="px-5 pb-5">
        <ul className="flex flex-col gap-2">
          {toVoteOn.map((each) => (
            <li key={each.appeal.id}>
              <AppealToVoteOn appeal={each.appeal} fine={each.fine} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
