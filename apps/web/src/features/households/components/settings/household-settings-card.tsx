import { useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import {
  CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE,
  HOUSEHOLD_ADMIN_ONLY_MESSAGE,
  HOUSEHOLD_NAME_MAX,
  householdNameSchema,
  type Currency,
  type Household,
  type UpdateHouseholdBody,
} from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { useUpdateHousehold } from "../../api/update-household";
import { CurrencySelect } from "../currency-select";

export interface HouseholdSettingsCardProps {
  household: Household;
  isAdmin: boolean;
  /** Whether the household has fines, as far as its members' counts tell; the server has the last word (409). */
  hasFines: boolean;
}

const currencyNames = new Intl.DisplayNames(["en"], { type: "currency" });

/** Issue 16, settings: the admin renames the household and changes its currency; everyone else reads them. */
export function HouseholdSettingsCard({ household, isAdmin, hasFines }: HouseholdSettingsCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>
          {isAdmin ? "The household's name and the currency of its fines." : HOUSEHOLD_ADMIN_ONLY_MESSAGE}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isAdmin ? (
          // Keyed by what was saved, so the form starts again from the household as it now is.
          <SettingsForm
            key={`${household.name}|${household.iso_4217_code}`}
            household={household}
            hasFines={hasFines}
          />
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium break-words">{household.name}</dd>
            <dt className="text-muted-foreground">Currency</dt>
            <dd className="font-medium">
              {household.iso_4217_code} — {currencyNames.of(household.iso_4217_code) ?? household.iso_4217_code}
            </dd>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ household, hasFines }: { household: Household; hasFines: boolean }) {
  const update = useUpdateHousehold(household.id);
  const [name, setName] = useState(household.name);
  const [currency, setCurrency] = useState<Currency>(household.iso_4217_code);
  const [keepAmounts, setKeepAmounts] = useState(false);
  const [nameProblem, setNameProblem] = useState<string | undefined>();
  // The server found fines the counts did not show (a former member's, say): ask as if we had known.
  const [serverSaysFines, setServerSaysFines] = useState(false);
  const currencyChanged = currency !== household.iso_4217_code;
  const needsConfirmation = currencyChanged && (hasFines || serverSaysFines);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = householdNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameProblem(parsed.error.issues[0]?.message);
      return;
    }
    const changes: UpdateHouseholdBody = {};
    if (parsed.data !== household.name) changes.name = parsed.data;
    if (currencyChanged) changes.iso_4217_code = currency;
    if (currencyChanged && keepAmounts) changes.confirmKeepAmounts = true;
    if (changes.name === undefined && changes.iso_4217_code === undefined) {
      toast.info("Nothing to save", { description: "The name and currency are unchanged." });
      return;
    }
    // Awaited rather than given callbacks: the saved household re-keys this form, and a mutation's callbacks do not
    // run for a component that has gone.
    void update.mutateAsync(changes).then(
      () => toast.success("Household updated", { description: "Your changes have been saved." }),
      (error: unknown) => {
        if (error instanceof ApiError && error.message === CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE) {
          setServerSaysFines(true);
        }
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor="settings-household-name">Household Name</Label>
        <Input
          id="settings-household-name"
          value={name}
          maxLength={HOUSEHOLD_NAME_MAX}
          autoComplete="off"
          aria-invalid={nameProblem !== undefined}
          aria-describedby={nameProblem ? "settings-household-name-error" : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setNameProblem(undefined);
          }}
        />
        {nameProblem && (
          <p id="settings-household-name-error" className="text-sm text-destructive">
            {nameProblem}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="settings-household-currency">Currency</Label>
        <CurrencySelect
          id="settings-household-currency"
          value={currency}
          onChange={(next) => {
            setCurrency(next);
            setKeepAmounts(false);
          }}
          disabled={update.isPending}
          aria-describedby="settings-currency-rule"
        />
        <p id="settings-currency-rule" className="text-sm text-muted-foreground">
          {hasFines || serverSaysFines
            ? "This household has fines: their amounts are kept as numbers and not converted, so changing the currency needs your confirmation."
            : "This household has no fines yet, so the currency can change freely."}
        </p>
        {needsConfirmation && (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={keepAmounts}
              onChange={(event) => setKeepAmounts(event.target.checked)}
            />
            <span>Amounts are kept as numbers and not converted</span>
          </label>
        )}
      </div>
      {update.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(update.error, "Failed to save the household's settings.")}</AlertDescription>
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={update.isPending || (needsConfirmation && !keepAmounts)}>
          {update.isPending && <Spinner label="Saving" className="size-4" />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}
