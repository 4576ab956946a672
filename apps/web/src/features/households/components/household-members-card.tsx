import { useId } from "react";
import { UserPlus } from "lucide-react";
import { awayLabel, isAway } from "@housemate/contract";
import { Avatar } from "@/components/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuthStore } from "@/lib/auth/auth-store";
import { personName } from "@/lib/person-name";
import { householdFullReason, seatsLine } from "@/lib/plans/plan-usage";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { useHouseholdMembers } from "../api/get-household-members";
import { openInviteDialog } from "../stores/invite-dialog-store";
import { AwayBadge } from "./away-badge";
import { HouseholdFullNotice } from "./household-full-notice";

const memberCount = (count: number) => (count === 1 ? "1 member" : `${count} members`);

/** A name's first word (or an email's part before the @), what a phone has room for under a face. */
function splitFirstName(name: string): [first: string, rest: string] {
  const end = name.search(/[\s@]/);
  return end > 0 ? [name.slice(0, end), name.slice(end)] : [name, ""];
}

/**
 * Who lives here, as the landing page's preview shows them: each member's avatar (photo, or initials on their own
 * colour) and name, the signed-in person marked, how many they are, and a way to invite more. With plans on (issue 21)
 * the count is the plan's seats ('4 of 5 flatmates on Basic'), and a full household's Invite is off, saying why.
 */
export function HouseholdMembersCard() {
  const userId = useAuthStore((state) => state.currentUser?.id);
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const isAdmin = useAuthStore((state) => state.currentUser?.is_admin ?? false);
  const members = useHouseholdMembers();
  const { plan } = usePlanAccess(householdId);
  const fullReason = householdFullReason(plan);
  const titleId = useId();
  const fullId = useId();
  // The plan's own count: the list may be a moment older or newer, the seats are what joining is decided by.
  const seats = plan ? seatsLine(plan) : null;
  const now = new Date();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2">
        <div className="flex min-w-0 flex-col">
          <CardTitle id={titleId} className="text-base">
            Housemates
          </CardTitle>
          <p className="h-5 text-xs text-muted-foreground">
            {seats ?? (members.data && memberCount(members.data.length))}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            if (!fullReason) openInviteDialog();
          }}
          // Off but still focusable while every seat is taken, so a keyboard reaches it and a screen reader hears why.
          aria-disabled={fullReason ? true : undefined}
          aria-describedby={fullReason ? fullId : undefined}
          className="min-h-11 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:min-h-8"
        >
          <UserPlus aria-hidden="true" />
          Invite
        </Button>
      </CardHeader>
      <CardContent className="p-4 pt-0">
        {fullReason && (
          <HouseholdFullNotice id={fullId} reason={fullReason} isAdmin={isAdmin} className="mb-3 text-xs" />
        )}
        {members.isPending && (
          // As tall as the list it usually stands for: one row of faces, or (xl) a list of four, so nothing moves.
          <div className="flex gap-2 xl:flex-col" role="status" aria-label="Loading housemates">
            {["xl:w-full", "xl:w-2/3", "xl:w-3/4", "xl:w-1/2"].map((width) => (
              <div key={width} className="max-sm:flex max-sm:w-16 max-sm:flex-col max-sm:items-center max-sm:gap-1">
                <Skeleton className={`size-8 rounded-full xl:rounded-md ${width}`} />
                <div className="h-8 pt-0.5 sm:hidden">
                  <Skeleton className="h-3 w-10" />
                </div>
              </div>
            ))}
          </div>
        )}
        {members.isError && <p className="text-sm text-destructive">Failed to load users</p>}
        {members.data && (
          // A row of faces on a phone, each with a first name under it (the whole name for a screen reader), names
          // beside them where there is room, and one a line in the dashboard's narrow right-hand column.
          <ul aria-label="Housemates" className="flex flex-wrap gap-2 sm:gap-x-5 xl:flex-col xl:gap-2">
            {members.data.map((member) => {
              const [firstName, restOfName] = splitFirstName(personName(member));
              return (
                <li
                  key={member.id}
                  className="flex min-w-0 items-center gap-3 max-sm:w-16 max-sm:flex-col max-sm:gap-1"
                >
                  <Avatar displayName={member.display_name} photoUrl={member.photo_url} className="size-8 text-xs" />
                  {/*
                    At least two lines tall on a phone whoever it is, so the row is as high as its skeleton; three for
                    one's own name while away ('(you)' and 'Away' each a line), so neither is cut off.
                  */}
                  <span className="min-w-0 flex-1 truncate text-sm font-medium max-sm:min-h-8 max-sm:w-full max-sm:text-center max-sm:text-xs">
                    {firstName}
                    {restOfName && <span className="max-sm:sr-only">{restOfName}</span>}
                    {member.id === userId && (
                      <span className="font-normal text-muted-foreground max-sm:block"> (you)</span>
                    )}
                    {/* A phone has room for a word under the face; the badge's whole text is read out. */}
                    {isAway(member.away_ends_at, now) && member.away_until && (
                      <span className="font-normal text-muted-foreground sm:hidden max-sm:block">
                        <span aria-hidden="true">Away</span>
                        <span className="sr-only">{` ${awayLabel(member.away_until)}`}</span>
                      </span>
                    )}
                  </span>
                  <AwayBadge member={member} className="max-sm:hidden" />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
