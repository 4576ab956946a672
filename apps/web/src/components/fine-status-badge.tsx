import type { Fine } from "@housemate/contract";
import { Badge } from "@/components/ui/badge";
import { fineCancelReason, fineStatusLook } from "@/lib/fine-status";

/**
 * A fine's status as a badge (SPEC §2: an unknown status looks like pending), from the fine itself (fineStatusLook). A
 * written-off fine's reason is its tooltip and part of what a screen reader says ("Written off: Left the household"); a
 * cancelled fine with no reason was cancelled by an accepted dispute ('Cancelled'); the house's is 'Cancelled on appeal'.
 */
export function FineStatusBadge({ fine }: { fine: Pick<Fine, "status" | "cancel_reason"> }) {
  const look = fineStatusLook(fine);
  const reason = fineCancelReason(fine);
  return (
    <Badge variant={look.badge} title={reason ?? undefined}>
      {look.label}
      {/* 'Cancelled on appeal' is its own label and reason: said once. */}
      {reason && reason !== look.label && <span className="sr-only">{`: ${reason}`}</span>}
    </Badge>
  );
}
