import { useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import { type HouseholdMember, REMOVAL_REASON_MAX, removeMemberBody } from "@housemate/contract";
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
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/error-message";
import { useRemoveMember } from "../../api/change-membership";

export interface RemoveMemberDialogProps {
  householdId: string;
  /** The member to remove; the dialog is open while there is one. */
  member: HouseholdMember | null;
  onClose: () => void;
}

/** Issue 16: an admin removes a member, giving the reason they are told, after reading what it does. */
export function RemoveMemberDialog({ householdId, member, onClose }: RemoveMemberDialogProps) {
  const removal = useRemoveMember(householdId);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();

  function close() {
    setReason("");
    setProblem(undefined);
    removal.reset();
    onClose();
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!member || removal.isPending) return;
    const parsed = removeMemberBody.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    const name = member.display_name;
    removal.mutate(
      { userId: member.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(`${name} was removed from the household`);
          close();
        },
      },
    );
  }

  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Remove {member?.display_name}</DialogTitle>
            <DialogDescription>Removing a member from the household:</DialogDescription>
          </DialogHeader>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            <li>writes off the pending and disputed fines they owe;</li>
            <li>hands the disputes they issued to an admin to review;</li>
            <li>tells them, with your reason;</li>
            <li>means they cannot rejoin by the household ID, only with a new invite link.</li>
          </ul>
          <div className="flex flex-col gap-2">
            <Label htmlFor="remove-member-reason">Reason</Label>
            <Textarea
              id="remove-member-reason"
              value={reason}
              required
              maxLength={REMOVAL_REASON_MAX}
              rows={3}
              aria-invalid={problem !== undefined}
              aria-describedby={problem ? "remove-member-reason-error" : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem(undefined);
              }}
            />
            {problem && (
              <p id="remove-member-reason-error" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
          {removal.isError && (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(removal.error, "Failed to remove the member.")}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={removal.isPending}>
              {removal.isPending && <Spinner label="Removing" className="size-4" />}
              Remove Member
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
