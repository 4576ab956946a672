import { useState, type MouseEvent } from "react";
import { Trash2 } from "lucide-react";
import type { Rule } from "@housemate/contract";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export interface DeleteRuleDialogProps {
  rule: Rule;
  isDeleting: boolean;
  /** Resolves true when deleted. */
  onDelete: () => Promise<boolean>;
}

/** SPEC §2: deleting a rule is confirmed first, saying that every member will be notified. */
export function DeleteRuleDialog({ rule, isDeleting, onDelete }: DeleteRuleDialogProps) {
  const [open, setOpen] = useState(false);

  async function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Stay open until the server has answered.
    event.preventDefault();
    if (isDeleting) return;
    if (await onDelete()) setOpen(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-destructive"
          aria-label={`Delete ${rule.title}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this rule?</AlertDialogTitle>
          <AlertDialogDescription>
            {`"${rule.title}" will be deleted. All household members will be notified.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={(event) => void confirm(event)}
            disabled={isDeleting}
          >
            {isDeleting && <Spinner label="Deleting" className="size-4" />}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
