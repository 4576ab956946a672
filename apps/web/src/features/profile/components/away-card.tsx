import { useId, useRef, useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import { AWAY_MAX_DAYS, awayDateProblem, awayLabel, isAway, lastAwayDate, todayIn } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { useUpdateProfile } from "@/lib/auth/update-profile";

/** The zone this device keeps: the person's own, whose midnight ends their last day away (docs/decisions/054). */
export const ownTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface AwayCardProps {
  /** The saved last day away, or null. */
  awayUntil: string | null;
  /** When that away ends (`away_ends_at`), or null: whether they are away now. */
  awayEndsAt: string | null;
  /** The person's time zone; this device's unless a test names one. Their today and their last day are read in it. */
  timeZone?: string;
  /** Called once a change is saved, so the lists that show who is away refresh. */
  onSaved?: () => void;
}

/**
 * Profile → General, 'Away' (issue 22): a holiday's last day, so housemates cannot fine them meanwhile and reminders
 * pause; 'I'm back' clears it. The date is checked with the contract's rule before it is sent; the server, on its own
 * clock, has the last word and its message shows here too.
 */
export function AwayCard({ awayUntil, awayEndsAt, timeZone = ownTimeZone(), onSaved }: AwayCardProps) {
  const id = useId();
  const now = new Date();
  const away = isAway(awayEndsAt, now);
  const update = useUpdateProfile(onSaved);
  // A date that has passed is no longer one to show: the person is back.
  const [date, setDate] = useState(away && awayUntil ? awayUntil : "");
  const [problem, setProblem] = useState<string | null>(null);
  const dateInput = useRef<HTMLInputElement>(null);

  function save(next: string | null) {
    update.mutate(
      // The zone goes with a date: the last day ends at midnight where the person is.
      next === null ? { away_until: null } : { away_until: next, away_time_zone: timeZone },
      {
        onSuccess: (saved) => {
          setProblem(null);
          setDate(saved.away_until ?? "");
          if (saved.away_until) toast.success("Away mode saved", { description: awayLabel(saved.away_until) });
          else {
            toast.success("Welcome back", { description: "Housemates can fine you again." });
            // 'I'm back' goes with the away date: focus stays in the card rather than falling to the page.
            dateInput.current?.focus();
          }
        },
        onError: (error) => setProblem(errorMessage(error, "Failed to save your away date. Please try again.")),
      },
    );
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    if (date === "") {
      setProblem("Choose the last day you are away.");
      return;
    }
    const dateProblem = awayDateProblem(date, timeZone, new Date());
    if (dateProblem) {
      setProblem(dateProblem);
      return;
    }
    save(date);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Away</CardTitle>
        <CardDescription>
          {away && awayUntil
            ? `${awayLabel(awayUntil)}. Housemates cannot fine you and reminders are paused.`
            : "Going away? While you are away, housemates cannot fine you and reminders pause."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-date`}>I&apos;m away until</Label>
            <Input
              ref={dateInput}
              id={`${id}-date`}
              type="date"
              className="sm:max-w-56"
              value={date}
              min={todayIn(timeZone, now)}
              max={lastAwayDate(timeZone, now)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
              onChange={(event) => {
                setDate(event.target.value);
                setProblem(null);
              }}
            />
            {problem ? (
              <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : (
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                {`The last day you are away, up to ${AWAY_MAX_DAYS} days ahead.`}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && update.variables.away_until !== null && (
                <Spinner label="Saving" className="size-4" />
              )}
              Save
            </Button>
            {away && (
              <Button type="button" variant="outline" disabled={update.isPending} onClick={() => save(null)}>
                {update.isPending && update.variables.away_until === null && (
                  <Spinner label="Saving" className="size-4" />
                )}
                I&apos;m back
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
