import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Plus, Vote } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useProposals } from "../../api/get-proposals";
import { DecidedProposals } from "./decided-proposals";
import { ProposalCard } from "./proposal-card";

// The form loads when first opened: it checks with the contract's schema, which no other part of the page needs.
const ProposeSpendingDialog = lazy(() =>
  import("./propose-spending-dialog").then((module) => ({ default: module.ProposeSpendingDialog })),
);

/** The time the cards count down from, moved on each minute so 'Closes in …' stays true on an open page. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function OpenProposals({ householdId }: { householdId: string }) {
  const open = useProposals(householdId, "open");
  const now = useMinuteClock();
  if (open.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (open.isError) {
    return <LoadError message="Failed to load spending proposals." onRetry={() => void open.refetch()} />;
  }
  if (open.data.length === 0) {
    return (
      <EmptyState
        icon={<Vote />}
        title="No open proposals."
        hint="Propose spending the fund on something the house will enjoy."
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {open.data.map((proposal) => (
        <ProposalCard key={proposal.id} proposal={proposal} now={now} />
      ))}
    </ul>
  );
}

/**
 * The Fund page's spending proposals (issue 17): the open ones with their votes, a way to propose, and the recently
 * decided. Needs a ProposalsViewerProvider above it (the app's FundProposalsScope).
 */
export function FundProposals({ householdId }: { householdId: string }) {
  const [proposing, setProposing] = useState(false);
  const headingId = useId();
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Spending proposals</CardTitle>
          <CardDescription>
            Spend the fund together: a proposal is paid once more than half of the household votes yes.
          </CardDescription>
        </div>
        <Button onClick={() => setProposing(true)} className="shrink-0">
          <Plus aria-hidden="true" />
          Propose spending
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby={headingId} className="flex flex-col gap-3">
          <h3 id={headingId} className="text-base font-semibold">
            Open proposals
          </h3>
          <OpenProposals householdId={householdId} />
        </section>
        <DecidedProposals householdId={householdId} />
      </CardContent>
      <Suspense fallback={null}>
        {proposing && <ProposeSpendingDialog householdId={householdId} open onOpenChange={setProposing} />}
      </Suspense>
    </Card>
  );
}
