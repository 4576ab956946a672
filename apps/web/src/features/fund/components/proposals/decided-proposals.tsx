import { useId } from "react";
import type { Proposal, ProposalStatus } from "@housemate/contract";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { LoadError } from "@/components/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCurrency, formatDate } from "@/lib/format";
import { useProposals } from "../../api/get-proposals";
import { useProposalsViewer } from "./proposals-viewer";

type DecidedStatus = Exclude<ProposalStatus, "open">;

/** How each outcome looks; an open one (never listed here) would read as not passed. */
const OUTCOME: Record<DecidedStatus, { label: string; variant: BadgeProps["variant"] }> = {
  passed: { label: "Passed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  withdrawn: { label: "Withdrawn", variant: "secondary" },
};

function DecidedProposal({ proposal }: { proposal: Proposal }) {
  const { currency } = useProposalsViewer();
  const outcome = OUTCOME[proposal.status === "open" ? "failed" : proposal.status];
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 flex-1 font-medium break-words">{proposal.title}</span>
        <span className="tabular-nums">{formatCurrency(proposal.amount, currency)}</span>
        <Badge variant={outcome.variant}>{outcome.label}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {proposal.outcome_reason && `${proposal.outcome_reason} `}
        {proposal.decided_at && (
          <time dateTime={proposal.decided_at} className="whitespace-nowrap">
            {`Decided ${formatDate(proposal.decided_at)}`}
          </time>
        )}
      </p>
    </li>
  );
}

/** The household's most recently decided proposals: passed (paid from the fund), failed or withdrawn, and why. */
export function DecidedProposals({ householdId }: { householdId: string }) {
  const decided = useProposals(householdId, "decided");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold">
        Recently decided
      </h3>
      {decided.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : decided.isError ? (
        <LoadError message="Failed to load decided proposals." onRetry={() => void decided.refetch()} />
      ) : decided.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No proposals have been decided yet.</p>
      ) : (
        <ul className="flex flex-col divide-y" aria-label="Recently decided proposals">
          {decided.data.map((proposal) => (
            <DecidedProposal key={proposal.id} proposal={proposal} />
          ))}
        </ul>
      )}
    </section>
  );
}
