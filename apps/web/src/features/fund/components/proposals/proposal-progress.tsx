import type { Proposal } from "@housemate/contract";
import { useProposalsViewer } from "./proposals-viewer";

const votesText = (yes: number, needed: number) => `${yes} of ${needed} ${needed === 1 ? "vote" : "votes"} needed`;

/** Yes votes of the votes a proposal needs to pass ('2 of 3 votes needed'), as a bar and in words. */
export function ProposalProgress({ proposal }: { proposal: Proposal }) {
  const yes = proposal.votes.filter((each) => each.vote === "yes").length;
  const needed = Math.max(1, proposal.votes_needed);
  const text = votesText(yes, needed);
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={`Votes for ${proposal.title}`}
        aria-valuemin={0}
        aria-valuemax={needed}
        aria-valuenow={Math.min(yes, needed)}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-success transition-[width]"
          style={{ width: `${Math.min(100, (yes / needed) * 100)}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-hidden="true">
        {text}
      </p>
    </div>
  );
}

/** Who voted what, the viewer first as 'You', and how many have not voted yet. */
export function ProposalVoters({ proposal }: { proposal: Proposal }) {
  const { userId, memberName } = useProposalsViewer();
  const votes = [...proposal.votes].sort((a, b) => Number(b.user_id === userId) - Number(a.user_id === userId));
  const waiting = Math.max(0, proposal.member_count - proposal.votes.length);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label={`Votes on ${proposal.title}`}>
        {votes.map((each) => (
          <li key={each.user_id}>
            <span className="font-medium">{each.user_id === userId ? "You" : memberName(each.user_id)}</span>
            <span className="text-muted-foreground">{`: ${each.vote === "yes" ? "Yes" : "No"}`}</span>
          </li>
        ))}
      </ul>
      {waiting > 0 && (
        <p className="text-muted-foreground">{`${waiting} ${waiting === 1 ? "member has" : "members have"} not voted`}</p>
      )}
    </div>
  );
}
