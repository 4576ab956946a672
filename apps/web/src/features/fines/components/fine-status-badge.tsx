import { Badge } from "@/components/ui/badge";
import { statusLook } from "../utils/fine-status";

export function FineStatusBadge({ status }: { status: string }) {
  const look = statusLook(status);
  return <Badge variant={look.badge}>{look.label}</Badge>;
}
