import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { DoorOpen, Trash2 } from "lucide-react";
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
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/error-message";
import { useDeleteHousehold } from "../../api/leave-household";
import { LeaveHouseholdDialog } from "../leave-household-dialog";

export interface HouseholdDangerZoneCardProps {
  householdId: string;
  /** An admin who is the household's last member may delete it outright. */
  canDelete: boolean;
}

/** Issue 16, danger zone: leave the household; its last member, an admin, may delete it. */
export function HouseholdDangerZoneCard({ householdId, canDelete }: HouseholdDangerZoneCardProps) {
  const navigate = useNavigate();
  const deletion = useDeleteHousehold(householdId);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  async function deleteHousehold() {
    try {
      // Awaited: the answer takes this page away, and a mutation's callbacks do not run for a component that has gone.
      await deletion.mutateAsync();
      toast.success("Household deleted", { description: "The household and all its data are gone." });
      void navigate("/onboarding", { replace: true });
    } catch (error) {
      toast.error("Error", { description: errorMessage(error, "Failed to delete the household.") });
    }
  }

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">Danger Zone</CardTitle>
        <CardDescription>These actions end your membership of the household.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => setLeaveOpen(true)}>
          <DoorOpen aria-hidden="true" />
          Leave Household
        </Button>
        {canDelete && (
          <Button needsServer variant="destructive" disabled={deletion.isPending} onClick={() => setDeleteOpen(true)}>
            <Trash2 aria-hidden="true" />
            Delete Household
          </Button>
        )}
      </CardContent>
      <LeaveHouseholdDialog open={leaveOpen} onOpenChange={setLeaveOpen} />
      <AlertDialog open={deleteOpen} onOpenChange={setDeleteOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete the household?</AlertDialogTitle>
            <AlertDialogDescription>
              You are its last member. The household and all its rules, fines and notes are deleted for good.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              onClick={() => void deleteHousehold()}
            >
              Delete Household
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
