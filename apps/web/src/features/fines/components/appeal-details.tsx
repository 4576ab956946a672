import { Vote } from "lucide-react";
import { APPEAL_VOTE_LABELS, appealDecidedText, type Appeal, type Fine } from "@housemate/contract";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useFineAppeal } from "../api/get-appeal";
import { AppealVoteButtons } from "./appeal-vote-buttons";
import { useFineViewer } from "./fine-viewer";

const FOCUSABLE_LINE = "rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring";
const AFTER_VOTE = "[data-after-vote]";

/** Once voted in Fine Details: the 'You voted' line (the outcome, if the vote closed it), within the dialog. */
function focusAfterVote(pressed: HTMLElement): () => HTMLElement | null {
  const section = pressed.closest("section");
  return () => section?.querySelector<HTMLElement>(AFTER_VOTE) ?? section;
}

/** While open, who voted stays private (issue 21): only how many, and the viewer's own vote. */
function OpenAppeal({ fine, appeal }: { fine: Fine; appeal: Appeal }) {
  return (
    <>
      <p>{`Voting closes ${formatDate(appeal.closes_at)}. ${String(appeal.votes_cast)} of ${String(appeal.voters)} have voted.`}</p>
      {appeal.my_vote && (
        // Focusable from script: where focus goes once the viewer has voted.
        <p data-after-vote tabIndex={-1} className={FOCUSABLE_LINE}>
          {`You voted: ${APPEAL_VOTE_LABELS[appeal.my_vote]}.`}
        </p>
      )}
      {appeal.can_vote && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Your vote">
          <AppealVoteButtons fine={fine} focusAfterVote={focusAfterVote} />
        </div>
      )}
    </>
  );
}

/** Once closed: the outcome, the tally and each vote by name. */
function ClosedAppeal({ appeal }: { appeal: Appeal & { status: Exclude<Appeal["status"], "open"> } }) {
  const { userId } = useFineViewer();
  const tally = appeal.tally ?? { uphold: 0, cancel: 0 };
  return (
    <>
      <p data-after-vote tabIndex={-1} className={cn("font-medium", FOCUSABLE_LINE)}>
        {appealDecidedText(appeal.status, appeal.outcome_reason ?? "majority", tally)}
      </p>
      {appeal.status !== "void" && <p>{`Uphold: ${String(tally.uphold)} · Cancel: ${String(tally.cancel)}`}</p>}
      {appeal.votes && appeal.votes.length > 0 && (
        <ul aria-label="Votes" className="flex flex-col gap-0.5">
          {appeal.votes.map((vote, index) => (
            <li key={vote.id ?? `former-${String(index)}`}>
              {`${vote.id === userId ? "You" : vote.name}: ${APPEAL_VOTE_LABELS[vote.vote]}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const isClosed = (appeal: Appeal): appeal is Appeal & { status: Exclude<Appeal["status"], "open"> } =>
  appeal.status !== "open";

/**
 * Fine Details' account of the house's appeal (issue 21): its reason, then while open how many have voted, the viewer's
 * own vote and, for a voter, the vote buttons; once closed the outcome and every vote. Nothing for a fine never appealed.
 */
export function AppealDetails({ fine }: { fine: Fine }) {
  const { data: appeal, isError } = useFineAppeal(fine);
  if (fine.appeal === null) return null;
  return (
    <section
      aria-label="Appeal to the house"
      // Focusable from script: where focus goes after a vote if neither line shows (the appeal failed to reload).
      tabIndex={-1}
      className="flex flex-col gap-1.5 rounded-md border px-3 py-2 text-sm outline-none"
    >
      <h3 className="flex items-center gap-1.5 font-medium">
        <Vote className="size-4" aria-hidden="true" />
        Appeal to the house
      </h3>
      {isError && <p className="text-muted-foreground">The appeal could not be loaded.</p>}
      {!appeal && !isError && <p className="text-muted-foreground">Loading appeal...</p>}
      {appeal && (
        <div className="flex flex-col gap-1.5 text-muted-foreground">
          <p className="break-words whitespace-pre-line">{`Reason: ${appeal.reason}`}</p>
          {isClosed(appeal) ? <ClosedAppeal appeal={appeal} /> : <OpenAppeal fine={fine} appeal={appeal} />}
        </div>
      )}
    </section>
  );
}
