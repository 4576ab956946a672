import { Plane } from "lucide-react";
import { awayLabel, isAway, type Member } from "@housemate/contract";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** What the badge reads of a member: the date they typed, and when it ends in their own zone. */
export type AwayDates = Pick<Member, "away_until" | "away_ends_at">;

/**
 * 'Away until 3 December' (issue 22) beside a member wherever members are listed, only while they are away: until
 * `away_ends_at` (midnight after their last day, where they are), whatever the viewer's zone. A date that has passed
 * is kept on the server but means they are back.
 */
export function AwayBadge({ member, className }: { member: AwayDates | null | undefined; className?: string }) {
  if (!member?.away_until || !isAway(member.away_ends_at, new Date())) return null;
  return (
    <Badge variant="warning" className={cn("font-medium", className)}>
      <Plane aria-hidden="true" />
      {awayLabel(member.away_until)}
    </Badge>
  );
}
