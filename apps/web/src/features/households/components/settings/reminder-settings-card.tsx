import { useId, useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import {
  HOUSEHOLD_ADMIN_ONLY_MESSAGE,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MESSAGE,
  REMINDER_DAYS_MIN,
  REMINDER_DEFAULTS,
  reminderSettingsProblem,
  updateHouseholdBody,
  type Household,
  type ReminderSettings,
  type UpdateHouseholdBody,
} from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { plural } from "@/lib/format";
import { useUpdateHousehold } from "../../api/update-household";

type ReminderField = keyof ReminderSettings;

/** The three settings in the order they happen to an unpaid fine. */
const REMINDERS: readonly { field: ReminderField; label: string }[] = [
  { field: "first_reminder_days", label: "First reminder after" },
  { field: "second_reminder_days", label: "Second reminder after" },
  { field: "issuer_notice_days", label: "Tell the issuer after" },
];

const daysText = (days: number | null) => (days === null ? "Off" : plural(days, "day"));

/** One setting as the form holds it: the days as typed, and whether it is off. */
interface DaysField {
  days: string;
  off: boolean;
}

/** One turned off waits with the default days, so ticking 'Off' away again leaves a number to save. */
const fieldsOf = (household: Household) =>
  Object.fromEntries(
    REMINDERS.map(({ field }) => {
      const days = household[field];
      return [field, { days: String(days ?? REMINDER_DEFAULTS[field]), off: days === null }];
    }),
  ) as Record<ReminderField, DaysField>;

/** The three settings as the household would hold them, keyed so a change from anywhere refills the form. */
const savedKey = (household: Household) => REMINDERS.map(({ field }) => household[field] ?? "off").join("|");

/** The settings the form would store, or the message saying why it cannot: the contract's own checks. */
function readSettings(fields: Record<ReminderField, DaysField>): ReminderSettings | string {
  const typed = Object.fromEntries(
    REMINDERS.map(({ field }) => {
      const { days, off } = fields[field];
      // An empty field is no number at all (Number("") would be 0).
      return [field, off ? null : days.trim() === "" ? Number.NaN : Number(days)];
    }),
  );
  const body = updateHouseholdBody.safeParse(typed);
  if (!body.success) return body.error.issues[0]?.message ?? REMINDER_DAYS_MESSAGE;
  const settings = {
    first_reminder_days: body.data.first_reminder_days ?? null,
    second_reminder_days: body.data.second_reminder_days ?? null,
    issuer_notice_days: body.data.issuer_notice_days ?? null,
  };
  return reminderSettingsProblem(settings) ?? settings;
}

/**
 * Issue 22, reminders: after how many days an unpaid fine's offender is reminded (twice) and its issuer told, each of
 * which can be off. The admin changes them (checked with the contract's rules before they are sent, saved like the
 * other settings); everyone else reads them.
 */
export function ReminderSettingsCard({ household, isAdmin }: { household: Household; isAdmin: boolean }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Reminders</CardTitle>
        <CardDescription>
          {`How many days an unpaid fine waits before its offender is reminded and its issuer is told.${
            isAdmin ? "" : ` ${HOUSEHOLD_ADMIN_ONLY_MESSAGE}`
          }`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isAdmin ? (
          <ReminderForm household={household} />
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
            {REMINDERS.map(({ field, label }) => (
              <div key={field} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium">{daysText(household[field])}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function ReminderForm({ household }: { household: Household }) {
  const id = useId();
  const update = useUpdateHousehold(household.id);
  const [fields, setFields] = useState(() => fieldsOf(household));
  const [problem, setProblem] = useState<string | null>(null);
  // Once saved (here or by another admin) the fields start again from the household as it now is. Refilled rather
  // than remounted, so the focus stays on the button just pressed.
  const [filledFrom, setFilledFrom] = useState(() => savedKey(household));
  if (filledFrom !== savedKey(household)) {
    setFilledFrom(savedKey(household));
    setFields(fieldsOf(household));
  }

  function change(field: ReminderField, next: Partial<DaysField>) {
    setFields((current) => ({ ...current, [field]: { ...current[field], ...next } }));
    setProblem(null);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const settings = readSettings(fields);
    if (typeof settings === "string") {
      setProblem(settings);
      return;
    }
    const changes: UpdateHouseholdBody = {};
    for (const { field } of REMINDERS) {
      if (settings[field] !== household[field]) changes[field] = settings[field];
    }
    if (Object.keys(changes).length === 0) {
      toast.info("Nothing to save", { description: "The reminders are unchanged." });
      return;
    }
    void update.mutateAsync(changes).then(
      (saved) => {
        // Also when the saved days read as typed ('05'): the fields show what is stored.
        setFields(fieldsOf(saved));
        toast.success("Household updated", { description: "Your changes have been saved." });
      },
      (error: unknown) => setProblem(errorMessage(error, "Failed to save the household's settings.")),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {REMINDERS.map(({ field, label }) => {
        const { days, off } = fields[field];
        return (
          <div key={field} className="flex flex-col gap-2">
            <Label htmlFor={`${id}-${field}`}>{label}</Label>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <div className="flex items-center gap-2">
                <Input
                  id={`${id}-${field}`}
                  type="number"
                  inputMode="numeric"
                  min={REMINDER_DAYS_MIN}
                  max={REMINDER_DAYS_MAX}
                  step={1}
                  className="w-24"
                  value={off ? "" : days}
                  disabled={off || update.isPending}
                  aria-describedby={`${id}-${field}-unit${problem ? ` ${id}-problem` : ""}`}
                  onChange={(event) => change(field, { days: event.target.value })}
                />
                <span id={`${id}-${field}-unit`} className="text-sm text-muted-foreground">
                  days
                </span>
              </div>
              <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={off}
                  disabled={update.isPending}
                  aria-label={`${label.replace(" after", "")}: off`}
                  onChange={(event) => change(field, { off: event.target.checked })}
                />
                <span aria-hidden="true">Off</span>
              </label>
            </div>
          </div>
        );
      })}
      {problem && (
        <Alert variant="destructive">
          <AlertDescription id={`${id}-problem`}>{problem}</AlertDescription>
        </Alert>
      )}
      <div>
        {/* Not disabled while saving: a disabled button loses the focus; submit ignores presses meanwhile. */}
        <Button type="submit" aria-disabled={update.isPending || undefined}>
          {update.isPending && <Spinner label="Saving" className="size-4" />}
          Save Reminders
        </Button>
      </div>
    </form>
  );
}
