import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { LoaderCircle } from "lucide-react";
import { DEFAULT_FORM_CURRENCY, HOUSEHOLD_NAME_MAX, type Currency } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useCreateHousehold } from "../api/create-household";
import { failureMessage } from "../utils/failure-message";
import { CurrencySelect } from "./currency-select";

/** SPEC §2 Onboarding, create step: name and currency; on success the new member goes to the dashboard. */
export function CreateHouseholdForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const createHousehold = useCreateHousehold();
  const [name, setName] = useState("");
  const [currency, setCurrency] = useState<Currency>(DEFAULT_FORM_CURRENCY);
  const isBusy = createHousehold.isPending;
  const canSubmit = name.trim() !== "" && !isBusy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      await createHousehold.mutateAsync({ name, currency });
    } catch (error) {
      toast.error("Error", { description: failureMessage(error, "Failed to create household. Please try again.") });
      return;
    }
    toast.success("Success!", { description: "Your household has been created." });
    navigate("/dashboard", { replace: true });
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
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={isBusy}>
          Back
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {isBusy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {isBusy ? "Creating..." : "Create Household"}
        </Button>
      </div>
    </form>
  );
}
