import { lazy, Suspense, useState } from "react";
import type { Fine } from "@housemate/contract";
import { formatDate } from "@/lib/format";
import { AppealDeadline, mightAppeal } from "./appeal-offer";
import { FineActions } from "./fine-actions";
import { FineCard } from "./fine-card";
import { useFineViewer } from "./fine-viewer";

// Loaded when first opened: most visits to a list of fines open no details.
const FineDetailsDialog = lazy(() =>
  import("./fine-details-dialog").then((module) => ({ default: module.FineDetailsDialog })),
);

export interface FineItemProps {
  fine: Fine;
  compact?: boolean;
  /**
   * Whom this screen serves a fine's dispute for (SPEC §6): the issuer (or whom the review was handed to), who reviews
   * it, on the dashboard; the
   * offender, who follows it, on My Fines. Without it no review is offered and no dispute status shown.
   */
  disputeFor?: "issuer" | "offender";
  /** Show Pay, Dispute and Review where the viewer may use them (default true). */
  withActions?: boolean;
  /** Offer the 'Fine Details' dialog. */
  withDetails?: boolean;
}

/**
 * The offender's view of their dispute. A disputed fine changes no more until it is reviewed: `updated_at` is when. Once
 * declined it says until when the house may be asked instead (issue 21); once appealed, the appeal speaks for itself.
 */
function OffenderDisputeStatus({ fine, issuer }: { fine: Fine; issuer: string }) {
  const { memberCount } = useFineViewer();
  if (fine.status === "disputed") {
    return (
      <p className="text-sm text-muted-foreground">{`Dispute sent ${formatDate(fine.updated_at)}, waiting for ${issuer} to review it.`}</p>
    );
  }
  if (fine.status === "pending" && fine.dispute_rejected && fine.appeal === null) {
    const { declined_at: declinedAt } = fine;
    return (
      <p className="text-sm text-muted-foreground">
        Your dispute was declined, so this fine can no longer be disputed.
        {declinedAt && mightAppeal(fine, memberCount) && <AppealDeadline declinedAt={declinedAt} />}
      </p>
    );
  }
  return null;
}

/**
 * A fine with what the viewer may do with it and its details dialog. It asks the server for nothing: the dispute
 * record is fetched by the review dialog when the issuer opens it (docs/performance.md, issue 14: a request per card).
 */
export function FineItem({
  fine,
  compact = false,
  disputeFor,
  withActions = true,
  withDetails = false,
}: FineItemProps) {
  const viewer = useFineViewer();
  const [details, setDetails] = useState<"never" | "open" | "closed">("never");
  const asOffender = fine.offender_id === viewer.userId;
  // The issuer, or whom the review was handed to when the issuer left (decision 032).
  const asReviewer = fine.reviewer_id === viewer.userId;

  const actions = withActions ? (
    <FineActions fine={fine} asOffender={asOffender} asReviewer={disputeFor === "issuer" && asReviewer} />
  ) : undefined;

  return (
    <>
      <FineCard
        fine={fine}
        compact={compact}
        actions={actions}
        onViewDetails={withDetails ? () => setDetails("open") : undefined}
      >
        {!compact && disputeFor === "offender" && asOffender && (
          <OffenderDisputeStatus fine={fine} issuer={viewer.memberName(fine.created_by)} />
        )}
      </FineCard>
      {details !== "never" && (
        <Suspense fallback={null}>
          <FineDetailsDialog
            fine={fine}
            disputeFor={disputeFor}
            open={details === "open"}
            onOpenChange={(open) => setDetails(open ? "open" : "closed")}
          />
        </Suspense>
      )}
    </>
  );
}
