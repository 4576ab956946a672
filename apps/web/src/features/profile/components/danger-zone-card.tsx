import { useState, type ComponentType, type ReactNode } from "react";
import { DoorOpen, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useDeleteAccount } from "../api/delete-account";
import { DeleteAccountDialog } from "./delete-account-dialog";

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

/** The households feature's Leave Household dialog, given by the route (features do not import each other). */
export type LeaveHouseholdDialogComponent = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;

/**
 * Profile → Preferences → Danger Zone (SPEC §2): leave the household (the same dialog as the household page's) or
 * delete the account. After a deletion the person is signed out on this device and sent to the landing page.
 */
export function DangerZoneCard({ LeaveHouseholdDialog }: { LeaveHouseholdDialog: LeaveHouseholdDialogComponent }) {
  const deletion = useDeleteAccount();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);

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
      <DeleteAccountDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        isDeleting={deletion.isPending}
        onConfirm={() => deletion.mutate()}
      />
      <LeaveHouseholdDialog open={leaveOpen} onOpenChange={setLeaveOpen} />
    </Card>
  );
}
