import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { DoorOpen, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { useDeleteAccount } from "../api/delete-account";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { LeaveHouseholdDialog } from "./leave-household-dialog";

function DangerAction({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      <div className="shrink-0">{action}</div>
    </div>
  );
}

/**
 * Profile → Preferences → Danger Zone (SPEC §2): leave the household ('coming soon') or delete the
 * account. After a deletion the person is signed out on this device and sent to the landing page.
 */
export function DangerZoneCard() {
  const navigate = useNavigate();
  const signOutLocally = useAuthStore((state) => state.signOutLocally);
  const deletion = useDeleteAccount();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);

  function deleteAccount() {
    deletion.mutate(undefined, {
      async onSuccess() {
        toast.success("Account deleted", { description: "Your account has been permanently deleted." });
        // Off the signed-in screens first (committed at once, not in a transition), so their guard does
        // not see the signed-out state and send the person to /login instead.
        await navigate("/", { replace: true, flushSync: true });
        // The server has already ended every session of the account; this forgets it here.
        signOutLocally();
      },
      onError() {
        toast.error("Error", { description: "Failed to delete account. Please try again." });
      },
    });
  }

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">Danger Zone</CardTitle>
        <CardDescription>These actions affect your membership and your account.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <DangerAction
          title="Leave Household"
          text="Stop being a member of your household."
          action={
            <Button variant="outline" onClick={() => setLeaveOpen(true)}>
              <DoorOpen aria-hidden="true" />
              Leave Household
            </Button>
          }
        />
        <DangerAction
          title="Delete Account"
          text="Permanently delete your account. Your household keeps its history."
          action={
            <Button variant="destructive" onClick={() => setDeleteOpen(true)}>
              <Trash2 aria-hidden="true" />
              Delete Account
            </Button>
          }
        />
      </CardContent>
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} isDeleting={deletion.isPending} onConfirm={deleteAccount} />
      <LeaveHouseholdDialog open={leaveOpen} onOpenChange={setLeaveOpen} />
    </Card>
  );
}
