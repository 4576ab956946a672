import { useId, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** SPEC §5: deletion needs exactly this text. */
export const DELETE_CONFIRMATION = "DELETE";

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isDeleting: boolean;
  onConfirm: () => void;
}

/** The Danger Zone's confirmation: nothing is deleted until the person types DELETE exactly. */
export function DeleteAccountDialog({ open, onOpenChange, isDeleting, onConfirm }: DeleteAccountDialogProps) {
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const confirmed = typed === DELETE_CONFIRMATION;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (isDeleting) return;
        if (!next) setTyped("");
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently deletes your account and signs you out everywhere. As when you leave, fines you owe are
            written off and disputes you issued go to another member; your household keeps its rules, notes and the rest
            of its fines, unless you are its last member, when it is deleted too. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed && !isDeleting) onConfirm();
          }}
        >
          <Label htmlFor={inputId}>
            Type <span className="font-mono font-bold">{DELETE_CONFIRMATION}</span> to confirm
          </Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </form>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isDeleting}>Cancel</AlertDialogCancel>
          <Button needsServer variant="destructive" disabled={!confirmed || isDeleting} onClick={onConfirm}>
            {isDeleting ? "Deleting..." : "Delete Account"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
