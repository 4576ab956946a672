import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface SetupStepActionsProps {
  onBack: () => void;
  isBusy: boolean;
  canSubmit: boolean;
  /** The submit button's label, and its label while the step is being sent. */
  label: string;
  busyLabel: string;
}

/** Back (to the choice) and the step's submit button, both off while it is being sent (SPEC §4 busy flag). */
export function SetupStepActions({ onBack, isBusy, canSubmit, label, busyLabel }: SetupStepActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-between">
      <Button variant="outline" onClick={onBack} disabled={isBusy}>
        Back
      </Button>
      <Button type="submit" disabled={!canSubmit}>
        {isBusy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {isBusy ? busyLabel : label}
      </Button>
    </div>
  );
}
