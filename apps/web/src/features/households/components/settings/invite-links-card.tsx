import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Link2, UserPlus } from "lucide-react";
import type { HouseholdInvite } from "@housemate/contract";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button-variants";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format";
import { getInvitesQueryOptions, useInvites } from "../../api/get-invites";
import { useRevokeInvite } from "../../api/revoke-invite";
import { openInviteDialog, useInviteDialogStore } from "../../stores/invite-dialog-store";
import { HouseholdFullNotice } from "../household-full-notice";
import { SectionLoading } from "./section-loading";

const timesUsed = (count: number) => (count === 1 ? "used once" : `used ${count} times`);

export interface InviteLinksCardProps {
  householdId: string;
  isAdmin: boolean;
  /** Why no link is worth making (issue 21: every seat of the plan is taken), or null. */
  fullReason?: string | null;
  /** Where the full notice's 'Upgrade' leads. */
  upgradeHref?: string;
}

/**
 * Issue 16, invite links: the live ones; any member makes one (the shell's invite dialog), the admin revokes them.
 * While the household is full (issue 21) no new link is made: the button says why beside it.
 */
export function InviteLinksCard({ householdId, isAdmin, fullReason, upgradeHref }: InviteLinksCardProps) {
  const queryClient = useQueryClient();
  const invites = useInvites(householdId);
  const revoke = useRevokeInvite(householdId);
  const [revoking, setRevoking] = useState<HouseholdInvite | null>(null);
  // The invite dialog made a link: it joins the list.
  const madeLink = useInviteDialogStore((state) => state.inviteLink);
  useEffect(() => {
    if (madeLink) void queryClient.invalidateQueries({ queryKey: getInvitesQueryOptions(householdId).queryKey });
  }, [madeLink, householdId, queryClient]);

  function revokeLink(invite: HouseholdInvite) {
    revoke.mutate(invite.id, {
      onSuccess: () => toast.success("Invite link revoked"),
      onError: (error) => toast.error("Error", { description: errorMessage(error, "Failed to revoke the link.") }),
    });
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Invite links</CardTitle>
          <CardDescription>
            Links that can still be used to join. Each expires 7 days after it was made.
          </CardDescription>
        </div>
        <Button
          needsServer
          variant="outline"
          onClick={() => {
            if (!fullReason) openInviteDialog();
          }}
          // Off but still focusable while every seat is taken, so a keyboard reaches it and a screen reader hears why.
          aria-disabled={fullReason ? true : undefined}
          aria-describedby={fullReason ? "invite-links-full" : undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          <UserPlus aria-hidden="true" />
          Create invite link
        </Button>
        {fullReason && (
          <HouseholdFullNotice
            id="invite-links-full"
            reason={fullReason}
            isAdmin={isAdmin}
            upgradeHref={upgradeHref}
            className="basis-full"
          />
        )}
      </CardHeader>
      <CardContent>
        {invites.isPending ? (
          <SectionLoading className="h-14" label="Loading invite links" />
        ) : invites.isError ? (
          <LoadError message="Failed to load the invite links." onRetry={() => void invites.refetch()} />
        ) : invites.data.length === 0 ? (
          <EmptyState icon={<Link2 />} title="No live invite links" hint="Create one to invite a housemate." />
        ) : (
          <ul className="divide-y" aria-label="Invite links">
            {invites.data.map((invite) => (
              <li key={invite.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-mono text-xs">{invite.invite_url}</p>
                  <p className="text-xs text-muted-foreground">
                    Created by {invite.created_by_name} on {formatDate(invite.created_at)} · Expires{" "}
                    {formatDate(invite.expires)} · {timesUsed(invite.times_used)}
                  </p>
                </div>
                {isAdmin && (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Revoke the link created on ${formatDate(invite.created_at)} by ${invite.created_by_name}`}
                    disabled={revoke.isPending}
                    onClick={() => setRevoking(invite)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AlertDialog open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revoke this invite link?</AlertDialogTitle>
            <AlertDialogDescription>
              Nobody can join with it any more. People who joined with it stay members.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              onClick={() => revoking && revokeLink(revoking)}
            >
              Revoke Link
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
