import { useState, type SubmitEvent } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useJoinHousehold } from "../api/join-household";
import { useFinishSetupStep } from "../hooks/use-finish-setup-step";
import { SetupStepActions } from "./setup-step-actions";

/** SPEC §2 Onboarding, join step: a household ID from a housemate; on success, the dashboard. */
export function JoinHouseholdForm({ onBack }: { onBack: () => void }) {
  const joinHousehold = useJoinHousehold();
  const finish = useFinishSetupStep();
  const [householdId, setHouseholdId] = useState("");
  const isBusy = joinHousehold.isPending;
  const canSubmit = householdId.trim() !== "" && !isBusy;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    await finish(joinHousehold.mutateAsync(householdId), {
      success: "You've joined the household.",
      failure: "Failed to join household. Please check the ID and try again.",
      // A 402: the household's plan has no free seat (issue 21); checking the ID would not help, and its message names
      // the plan.
      serverWordsFor: [402, 403, 409],
    });
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor="household-id">Household ID</Label>
        <Input
          id="household-id"
          placeholder="Paste the ID a housemate shared"
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          value={householdId}
          onChange={(event) => setHouseholdId(event.target.value)}
          className="font-mono"
          aria-describedby="household-id-hint"
        />
        <p id="household-id-hint" className="text-sm text-muted-foreground">
          Ask a housemate for your household's ID.
        </p>
      </div>
      <SetupStepActions
        onBack={onBack}
        isBusy={isBusy}
        canSubmit={canSubmit}
        label="Join Household"
        busyLabel="Joining..."
      />
    </form>
  );
}
