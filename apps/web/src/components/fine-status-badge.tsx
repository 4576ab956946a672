import { Badge } from "@/components/ui/badge";
import { statusLook } from "@/lib/fine-status";

/** A fine's status as a badge (SPEC §2: an unknown status looks like pending). */
export function FineStatusBadge({ status }: { status: string }) {
  const look = statusLook(status);
  return <Badge variant={look.badge}>{look.label}</Badge>;
}
