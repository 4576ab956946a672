import { useState } from "react";
import type { Fine } from "@housemate/contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDate } from "@/lib/format";
import { useFineDispute } from "../api/get-fine-dispute";
import { disputeOf, type DisputeView } from "../utils/fine-description";
import { FineActions } from "./fine-actions";
import { FineCard } from "./fine-card";
import { FineEditHistory } from "./fine-edit-history";
import { useFineViewer } from "./fine-viewer";

export interface FineItemProps {
  fine: Fine;
  compact?: boolean;
  /**
   * Whose dispute record this screen fetches (SPEC §6): the issuer's on the dashboard, the offender's
   * on My Fines. Without it no record is fetched and no review is offered.
   */
  disputeFor?: "issuer" | "offender";
  /** Show Pay, Dispute and Review where the viewer may use them (default true). */
  withActions?: boolean;
  /** Offer the 'Fine Details' dialog. */
  withDetails?: boolean;
}

function OffenderDisputeStatus({ fine, dispute, issuer }: { fine: Fine; dispute: DisputeView; issuer: string }) {
  if (fine.status === "disputed") {
    const sent = dispute.createdAt ? `Dispute sent ${formatDate(dispute.createdAt)}` : "Dispute sent";
    return <p className="text-sm text-muted-foreground">{`${sent}, waiting for ${issuer} to review it.`}</p>;
  }
  if (fine.status === "pending" && fine.dispute_rejected) {
    return <p className="text-sm text-muted-foreground">Your dispute was declined, so this fine can no longer be disputed.</p>;
  }
  return null;
}

/** A fine with what the viewer may do with it, its dispute and its details dialog. */
export function FineItem({ fine, compact = false, disputeFor, withActions = true, withDetails = false }: FineItemProps) {
  const viewer = useFineViewer();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const asOffender = fine.offender_id === viewer.userId;
  const asIssuer = fine.created_by === viewer.userId;
  const fetchDispute =
    fine.status === "disputed" && ((disputeFor === "issuer" && asIssuer) || (disputeFor === "offender" && asOffender));
  const record = useFineDispute(fine.household_id, fine.id, fetchDispute);
  const dispute = disputeOf(fine, record.data);

  const actions = withActions ? (
    <FineActions fine={fine} asOffender={asOffender} asReviewer={disputeFor === "issuer" && asIssuer} dispute={dispute} />
  ) : undefined;

  return (
    <>
      <FineCard fine={fine} compact={compact} actions={actions} onViewDetails={withDetails ? () => setDetailsOpen(true) : undefined}>
        {!compact && disputeFor === "offender" && asOffender && (
          <OffenderDisputeStatus fine={fine} dispute={dispute} issuer={viewer.memberName(fine.created_by)} />
        )}
      </FineCard>
      {withDetails && (
        <Dialog open={detailsOpen} onOpenChange={setDetailsOpen}>
          <DialogContent className="max-w-xl">
            <DialogHeader>
              <DialogTitle>Fine Details</DialogTitle>
              <DialogDescription className="sr-only">Everything about this fine.</DialogDescription>
            </DialogHeader>
            <FineItem fine={fine} disputeFor={disputeFor} />
            <FineEditHistory fine={fine} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
