import type { ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";

export interface ReasonFieldProps {
  id: string;
  value: string;
  onChange: (reason: string) => void;
  /** The contract's message for a reason it refused (SPEC §5: at least 5 characters). */
  problem: string | undefined;
  placeholder?: string;
  rows: number;
}

/** The 'Reason' a dispute and a review both ask for, with the reason it was refused beneath it. */
export function ReasonField({ id, value, onChange, problem, placeholder, rows }: ReasonFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Reason</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        rows={rows}
      />
      {problem && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

export interface DialogFormActionsProps {
  /** SPEC §8's form-level line, shown while the last attempt failed. */
  failure: string | null;
  isPending: boolean;
  onCancel: () => void;
  children: ReactNode;
}

/** The end of a fine dialog's form: the failure line, Cancel, and the submit button (off while it is sent). */
export function DialogFormActions({ failure, isPending, onCancel, children }: DialogFormActionsProps) {
  return (
    <>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending && <Spinner label="Submitting" className="size-4" />}
          {children}
        </Button>
      </DialogFooter>
    </>
  );
}
