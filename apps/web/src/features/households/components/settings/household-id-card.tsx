import { useState } from "react";
import { toast } from "sonner";
import { Copy, RefreshCw } from "lucide-react";
import type { Household } from "@housemate/contract";
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/error-message";
import { useRotateJoinCode } from "../../api/rotate-join-code";
import { useUpdateHousehold } from "../../api/update-household";
import { useCopyHouseholdId } from "../../hooks/use-copy-household-id";

/**
 * Issue 16, household ID: the code housemates type to join (its `join_code`, decision 020), copied with SPEC's toast;
 * the admin turns joining by ID on or off and rotates the code, members see both as they are.
 */
export function HouseholdIdCard({ household, isAdmin }: { household: Household; isAdmin: boolean }) {
  const copyHouseholdId = useCopyHouseholdId();
  const update = useUpdateHousehold(household.id);
  const rotate = useRotateJoinCode(household.id);
  const [confirmRotate, setConfirmRotate] = useState(false);

  function switchJoinById(joinById: boolean) {
    update.mutate(
      { join_by_id: joinById },
      {
        onSuccess: () => toast.success(joinById ? "Joining by ID is on" : "Joining by ID is off"),
        onError: (error) => toast.error("Error", { description: errorMessage(error, "Failed to save the setting.") }),
      },
    );
  }

  function rotateCode() {
    rotate.mutate(undefined, {
      onSuccess: () => toast.success("Household ID rotated", { description: "The old ID no longer joins." }),
      onError: (error) => toast.error("Error", { description: errorMessage(error, "Failed to rotate the ID.") }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Household ID</CardTitle>
        <CardDescription>Housemates can type this ID in 'Join Existing Household' to join.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex items-center gap-2">
          <code
            aria-label="Household ID"
            className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 font-mono text-xs"
          >
            {household.join_code}
          </code>
          <Button variant="outline" onClick={() => void copyHouseholdId()}>
            <Copy aria-hidden="true" />
            Copy ID
          </Button>
        </div>
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor="join-by-id">Joining by ID</Label>
            <p id="join-by-id-hint" className="text-sm text-muted-foreground">
              {household.join_by_id
                ? "Anyone with the ID can join. Invite links work either way."
                : "The ID does not join; only invite links do."}
            </p>
          </div>
          <Switch
            id="join-by-id"
            aria-describedby="join-by-id-hint"
            checked={household.join_by_id}
            disabled={!isAdmin || update.isPending}
            onCheckedChange={switchJoinById}
          />
        </div>
        {isAdmin && (
          <div>
            <Button needsServer variant="outline" disabled={rotate.isPending} onClick={() => setConfirmRotate(true)}>
              <RefreshCw aria-hidden="true" />
              Rotate
            </Button>
          </div>
        )}
      </CardContent>
      <AlertDialog open={confirmRotate} onOpenChange={setConfirmRotate}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Rotate the household ID?</AlertDialogTitle>
            <AlertDialogDescription>
              The household gets a new ID and the old one stops working for joins. Members stay, and invite links keep
              working.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={rotateCode}>Rotate ID</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
