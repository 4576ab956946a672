import { Badge } from "@/components/ui/badge";
import { statusLook } from "@/lib/fine-status";

/**
 * A fine's status as a badge (SPEC §2: an unknown status looks like pending). A written-off fine's reason, when given,
 * is its tooltip and part of what a screen reader says ("Written off: Left the household"); a null reason means an
 * accepted dispute cancelled it ('Cancelled').
 */
export function FineStatusBadge({ status, reason }: { status: string; reason?: string | null | undefined }) {
  const look = statusLook(status, reason);
  return (
    <Badge variant={look.badge} title={reason ?? undefined}>
      {look.label}
      {/* 'Cancelled on appeal' is its own label and reason: said once. */}
      {reason && reason !== look.label && <span className="sr-only">{`: ${reason}`}</span>}
    </Badge>
  );
}
