import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { HOUSEHOLD_ACCESS_TOAST_ID } from "@/lib/toast-ids";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { errorMessage } from "@/lib/error-message";
import { DISPLAY_CURRENCY, formatCurrency } from "@/lib/format";
import { useHousehold } from "../api/get-household";
import { getHouseholdRosterQueryOptions } from "../api/get-household-roster";
import { useLeaveHousehold } from "../api/leave-household";

export interface LeaveHouseholdDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue 16: leaving the household, after reading what it does to this person's fines. What they were shown is what
 * they confirm: owing fines sends `confirmWriteOff`, being the last member `confirmDeleteHousehold`. When the server
 * knows better (a fine issued since), its message shows and the members are read again for the next try.
 */
export function LeaveHouseholdDialog({ open, onOpenChange }: LeaveHouseholdDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentUser = useAuthStore((state) => state.currentUser);
  const householdId = currentUser?.household_id ?? "";
  const currency = useHousehold().data?.iso_4217_code ?? DISPLAY_CURRENCY;
  const rosterOptions = getHouseholdRosterQueryOptions(householdId);
  const roster = useQuery({ ...rosterOptions, enabled: open });
  const leave = useLeaveHousehold(householdId);

  const members = roster.data ?? [];
  const me = members.find((member) => member.id === currentUser?.id);
  const owesFines = (me?.pending_fines_owed ?? 0) > 0;
  const isLastMember = members.length === 1 && me !== undefined;

  function change(next: boolean) {
    if (!next) leave.reset();
    onOpenChange(next);
  }

  async function confirm() {
    try {
      // Awaited rather than given callbacks: the answer takes this page away (the account has no household now), and
      // a mutation's callbacks do not run for a component that has gone.
      const answer = await leave.mutateAsync({
        ...(owesFines && { confirmWriteOff: true }),
        ...(isLastMember && { confirmDeleteHousehold: true }),
      });
      toast.success(answer.household_deleted ? "Household deleted" : "You left the household", {
        id: HOUSEHOLD_ACCESS_TOAST_ID,
        description: answer.household_deleted
          ? "The household and all its data are gone."
          : "You can create or join another household.",
      });
      void navigate("/onboarding", { replace: true });
    } catch {
      // Shown in the dialog; what the members owe is read again for the next try.
      void queryClient.invalidateQueries({ queryKey: rosterOptions.queryKey });
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Leave Household</DialogTitle>
          <DialogDescription>You stop being a member, and lose access to its rules, fines and notes.</DialogDescription>
        </DialogHeader>
        {roster.isPending ? (
          <Spinner label="Loading what leaving changes" className="size-5 text-muted-foreground" />
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {owesFines && me && (
              <li className="text-foreground">
                The {me.pending_fines_owed === 1 ? "fine" : `${me.pending_fines_owed} fines`} you owe (
                {formatCurrency(me.pending_amount_owed, currency)}, pending or disputed) will be written off.
              </li>
            )}
            <li>Disputes you issued go to an admin to review.</li>
            {isLastMember && (
              <li className="text-foreground">
                You are the last member: leaving deletes the household and all its data.
              </li>
            )}
            {me?.is_admin && !isLastMember && <li>If you are the only admin, make another member admin first.</li>}
          </ul>
        )}
        {leave.isError && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(leave.error, "Failed to leave the household.")}</AlertDescription>
          </Alert>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button
            needsServer
            variant="destructive"
            disabled={leave.isPending || roster.isPending}
            onClick={() => void confirm()}
          >
            {leave.isPending && <Spinner label="Leaving" className="size-4" />}
            {isLastMember ? "Leave and Delete Household" : "Leave Household"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
