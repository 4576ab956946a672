import { UserPlus } from "lucide-react";
import { Avatar } from "@/components/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuthStore } from "@/lib/auth/auth-store";
import { personName } from "@/lib/person-name";
import { useHouseholdMembers } from "../api/get-household-members";
import { openInviteDialog } from "../stores/invite-dialog-store";

/** Who lives here: the household's members, the signed-in person marked, with a way to invite more. */
export function HouseholdMembersCard() {
  const userId = useAuthStore((state) => state.currentUser?.id);
  const members = useHouseholdMembers();

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
        <CardTitle className="text-base">Housemates</CardTitle>
        <Button variant="ghost" size="sm" onClick={openInviteDialog}>
          <UserPlus aria-hidden="true" />
          Invite
        </Button>
      </CardHeader>
      <CardContent>
        {members.isPending && (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-2/3" />
          </div>
        )}
        {members.isError && <p className="text-sm text-destructive">Failed to load users</p>}
        {members.data && (
          <ul aria-label="Housemates" className="flex flex-col gap-3">
            {members.data.map((member) => (
              <li key={member.id} className="flex items-center gap-3">
                <Avatar displayName={member.display_name} photoUrl={member.photo_url} />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">
                  {personName(member)}
                  {member.id === userId && <span className="font-normal text-muted-foreground"> (you)</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
