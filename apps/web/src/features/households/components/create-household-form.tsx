import { useState, type SubmitEvent } from "react";
import { cleanText, DEFAULT_FORM_CURRENCY, HOUSEHOLD_NAME_MAX, type Currency } from "@housemate/contract";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useCreateHousehold } from "../api/create-household";
import { useFinishSetupStep } from "../hooks/use-finish-setup-step";
import { CurrencySelect } from "./currency-select";
import { SetupStepActions } from "./setup-step-actions";

/** SPEC §2 Onboarding, create step: name and currency; on success the new member goes to the dashboard. */
export function CreateHouseholdForm({ onBack }: { onBack: () => void }) {
  const createHousehold = useCreateHousehold();
  const finish = useFinishSetupStep();
  const [name, setName] = useState("");
  const [currency, setCurrency] = useState<Currency>(DEFAULT_FORM_CURRENCY);
  const isBusy = createHousehold.isPending;
  const canSubmit = cleanText(name, { multiLine: false }) !== "" && !isBusy;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    await finish(createHousehold.mutateAsync({ name, currency }), {
      success: "Your household has been created.",
      failure: "Failed to create household. Please try again.",
    });
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor="household-name">Household Name</Label>
        <Input
          id="household-name"
          placeholder="The Cozy Flat"
          required
          maxLength={HOUSEHOLD_NAME_MAX}
          autoComplete="off"
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="household-currency">Currency</Label>
        <CurrencySelect
          id="household-currency"
          value={currency}
          onChange={setCurrency}
          disabled={isBusy}
          aria-describedby="household-currency-hint"
        />
        <p id="household-currency-hint" className="text-sm text-muted-foreground">
          This currency will be used for all fines and balances in your household.
        </p>
      </div>
      <SetupStepActions
        onBack={onBack}
        isBusy={isBusy}
        canSubmit={canSubmit}
        label="Create Household"
        busyLabel="Creating..."
      />
    </form>
  );
}
