import { Plane } from "lucide-react";
import { awayLabel, isAway } from "@housemate/contract";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/**
 * 'Away until 3 December' (issue 22) beside a member wherever members are listed, only while they are away: a date
 * that has passed is kept on the server but means they are back.
 */
export function AwayBadge({ awayUntil, className }: { awayUntil: string | null | undefined; className?: string }) {
  if (!awayUntil || !isAway(awayUntil, new Date())) return null;
  return (
    <Badge variant="warning" className={cn("font-medium", className)}>
      <Plane aria-hidden="true" />
      {awayLabel(awayUntil)}
    </Badge>
  );
}
