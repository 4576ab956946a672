import { Check, X } from "lucide-react";
import type { Proposal, Vote } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatCurrency } from "@/lib/format";
import { useVoteOnProposal } from "../../api/vote-on-proposal";
import { ProposalProgress, ProposalVoters } from "./proposal-progress";
import { timeLeft } from "./proposal-time";
import { useProposalsViewer } from "./proposals-viewer";
import { ReceiptViewer } from "./receipt-viewer";
import { WithdrawProposalDialog } from "./withdraw-proposal-dialog";

const VOTE_WORD: Record<Vote, string> = { yes: "yes", no: "no" };

/**
 * An open proposal: what, how much, who proposed it, the receipt, the time left and the tally, with the viewer's vote
 * (which they may change until it is decided) and, for the proposer, Withdraw.
 */
export function ProposalCard({ proposal, now }: { proposal: Proposal; now: Date }) {
  const { userId, currency, memberName } = useProposalsViewer();
  const vote = useVoteOnProposal(userId);
  const myVote = proposal.votes.find((each) => each.user_id === userId)?.vote;
  const sending = vote.isPending ? vote.variables.vote : undefined;
  const proposer = proposal.proposed_by === userId ? "you" : memberName(proposal.proposed_by);
  const titleId = `proposal-${proposal.id}`;

  function cast(choice: Vote) {
    if (vote.isPending || choice === myVote) return;
    vote.mutate({ proposal, vote: choice });
  }

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h4 id={titleId} className="min-w-0 font-semibold break-words">
              {proposal.title}
            </h4>
            <span className="text-lg font-semibold tabular-nums">{formatCurrency(proposal.amount, currency)}</span>
          </div>
          <p className="text-sm text-muted-foreground">
            {`Proposed by ${proposer} · `}
            <time dateTime={proposal.closes_at}>{timeLeft(proposal.closes_at, now)}</time>
          </p>
          {proposal.note && <p className="text-sm whitespace-pre-line break-words">{proposal.note}</p>}
        </div>
        {proposal.receipt_url && <ReceiptViewer title={proposal.title} receiptUrl={proposal.receipt_url} />}
      </div>
      <ProposalProgress proposal={proposal} />
      <ProposalVoters proposal={proposal} />
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm" aria-live="polite">
          {myVote ? `You voted ${VOTE_WORD[myVote]}` : "You have not voted yet"}
        </p>
        {proposal.proposed_by === userId && <WithdrawProposalDialog proposal={proposal} />}
        <VoteButton choice="yes" proposal={proposal} pressed={myVote === "yes"} sending={sending} onVote={cast} />
        <VoteButton choice="no" proposal={proposal} pressed={myVote === "no"} sending={sending} onVote={cast} />
      </div>
    </li>
  );
}

interface VoteButtonProps {
  choice: Vote;
  proposal: Proposal;
  pressed: boolean;
  /** The vote on its way to the server, if any: both buttons wait for it. */
  sending: Vote | undefined;
  onVote: (choice: Vote) => void;
}

function VoteButton({ choice, proposal, pressed, sending, onVote }: VoteButtonProps) {
  const Icon = choice === "yes" ? Check : X;
  return (
    <Button
      needsServer
      size="sm"
      variant={pressed ? (choice === "yes" ? "default" : "destructive") : "outline"}
      aria-pressed={pressed}
      aria-label={`Vote ${choice} on ${proposal.title}`}
      disabled={sending !== undefined}
      onClick={() => onVote(choice)}
    >
      {sending === choice ? <Spinner label="Voting" className="size-4" /> : <Icon aria-hidden="true" />}
      {choice === "yes" ? "Vote Yes" : "Vote No"}
    </Button>
  );
}
