import { useState } from "react";
import { toast } from "sonner";
import { Users } from "lucide-react";
import type { HouseholdMember } from "@housemate/contract";
import { Avatar } from "@/components/avatar";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/error-message";
import { formatCurrency, formatDate, plural } from "@/lib/format";
import { useSetMemberRole } from "../../api/change-membership";
import { AwayBadge, type AwayDates } from "../away-badge";
import { RemoveMemberDialog } from "./remove-member-dialog";

export interface MembersCardProps {
  householdId: string;
  members: HouseholdMember[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  currentUserId: string;
  isAdmin: boolean;
  currency: string;
  /** '4 of 5 flatmates on Basic' (issue 21), with plans on. */
  seats?: string | null;
  /**
   * A member's away date (issue 22), from the household's member list: the roster counts fines and does not carry it.
   */
  awayOf?: (memberId: string) => AwayDates | undefined;
}

/** Issue 16, members: who lives here, their role and their fines; the admin's actions on each. */
export function MembersCard({
  householdId,
  members,
  isLoading,
  isError,
  onRetry,
  currentUserId,
  isAdmin,
  currency,
  seats,
  awayOf,
}: MembersCardProps) {
  const setRole = useSetMemberRole(householdId);
  const [removing, setRemoving] = useState<HouseholdMember | null>(null);

  function changeRole(member: HouseholdMember, makeAdmin: boolean) {
    setRole.mutate(
      { userId: member.id, isAdmin: makeAdmin },
      {
        onSuccess: () =>
          toast.success(makeAdmin ? `${member.display_name} is now an admin` : "You are no longer an admin"),
        onError: (error) => toast.error("Error", { description: errorMessage(error, "Failed to change the role.") }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>Everyone in the household, what they owe and the fines they issued.</CardDescription>
        {seats && <p className="text-sm font-medium">{seats}</p>}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading members">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : isError || !members ? (
          <LoadError message="Failed to load the household's members." onRetry={onRetry} />
        ) : members.length === 0 ? (
          <EmptyState icon={<Users />} title="No members" />
        ) : (
          <ul className="divide-y" aria-label="Members">
            {members.map((member) => {
              const isSelf = member.id === currentUserId;
              return (
                <li
                  key={member.id}
                  className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
                >
                  <div className="flex min-w-0 flex-1 items-center gap-3">
                    <Avatar displayName={member.display_name} photoUrl={member.photo_url} />
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        <span className="truncate">
                          {member.display_name}
                          {isSelf && " (you)"}
                        </span>
                        {member.is_admin && <Badge variant="secondary">Admin</Badge>}
                        <AwayBadge member={awayOf?.(member.id)} />
                      </p>
                      <p className="text-xs text-muted-foreground">
                        Joined {formatDate(member.joined_at)} · Owes {plural(member.pending_fines_owed, "pending fine")}{" "}
                        ({formatCurrency(member.pending_amount_owed, currency)}) · Issued{" "}
                        {plural(member.fines_issued, "fine")}
                      </p>
                    </div>
                  </div>
                  {isAdmin && (
                    <div className="flex shrink-0 flex-wrap gap-2">
                      {!member.is_admin && (
                        <Button
                          needsServer
                          size="sm"
                          variant="outline"
                          disabled={setRole.isPending}
                          // The visible words start the name, so a speech user can say what they see (WCAG 2.5.3).
                          aria-label={`Make admin: ${member.display_name}`}
                          onClick={() => changeRole(member, true)}
                        >
                          Make admin
                        </Button>
                      )}
                      {isSelf && (
                        <Button
                          needsServer
                          size="sm"
                          variant="outline"
                          disabled={setRole.isPending}
                          onClick={() => changeRole(member, false)}
                        >
                          Step down
                        </Button>
                      )}
                      {!isSelf && (
                        <Button
                          needsServer
                          size="sm"
                          variant="destructive"
                          aria-label={`Remove ${member.display_name}`}
                          onClick={() => setRemoving(member)}
                        >
                          Remove
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <RemoveMemberDialog householdId={householdId} member={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
