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
import { buttonVariants } from "@/components/ui/button";

export interface DeleteEmptyNoteDialogProps {
  /** Delete the note (its toast offers Undo). */
  onDelete: () => void;
  /** Keep the note with its saved text. */
  onKeep: () => void;
  /** Where focus goes back to when the note is kept: its text. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Issue 18: a note emptied of its text cannot be saved (a note has text), so leaving it asks instead of quietly
 * putting the old text back: delete the note, or keep its text.
 */
export function DeleteEmptyNoteDialog({ onDelete, onKeep, onCloseAutoFocus }: DeleteEmptyNoteDialogProps) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && onKeep()}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this note?</AlertDialogTitle>
          <AlertDialogDescription>
            A note needs some text. Delete it, or cancel to keep the text it had.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={onDelete}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
