import { useId, useState, type SubmitEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { CircleAlert, RotateCw } from "lucide-react";
import {
  amountFieldText,
  awayRefusalMessage,
  createFineBody,
  isAway,
  MONEY_MIN,
  NO_HOUSEHOLD_FINE_MESSAGE,
  type Fine,
  type Rule,
} from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client";
import { formatCurrency } from "@/lib/format";
import { offerPush } from "@/lib/push/offer-push";
import { useCreateFine } from "../api/create-fine";

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
/** Under the amount when the chosen rule's fine is 0 (a rule stored before issue 18), so nothing is filled in. */
export const NO_RULE_AMOUNT_HINT = "This rule has no set fine. Enter an amount.";
const CREATE_FAILED_MESSAGE = "Failed to create fine. Please try again later.";

export interface Offender {
  id: string;
  name: string;
  /** Their last day away (issue 22): while away they cannot be fined, so they cannot be chosen. */
  awayUntil?: string | null;
  /** When that away ends, in their own zone (`away_ends_at`): away until then. */
  awayEndsAt?: string | null;
}

export interface IssueFineFormProps {
  householdId: string | null;
  userId: string;
  currency: string;
  /** Every member of the household; the viewer is left out here (SPEC §5). */
  members: Offender[];
  rules: Rule[];
  onRefresh: () => void;
  isRefreshing: boolean;
  onCancel: () => void;
  onIssued: (fine: Fine) => void;
  /** The image picker; its finished uploads arrive in evidenceImages. */
  evidencePicker: (id: string) => ReactNode;
  evidenceImages: string[];
  isUploading: boolean;
}

/** SPEC §2 Issue New Fine: who, under which rule, how much, why, and the evidence. */
export function IssueFineForm(props: IssueFineFormProps) {
  const { householdId, userId, currency, members, rules, onRefresh, isRefreshing, onCancel, onIssued } = props;
  const id = useId();
  const [offenderId, setOffenderId] = useState("");
  const [ruleId, setRuleId] = useState("");
  const [amount, setAmount] = useState("");
  const [description, setDescription] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const createFine = useCreateFine();
  const offenders = members.filter((member) => member.id !== userId);
  const now = new Date();
  // Who cannot be fined today, and why: the server's own sentence, so nobody meets its 409 (issue 22).
  const awayReasons = new Map(
    offenders.flatMap(({ id: offenderId, name, awayUntil, awayEndsAt }) =>
      awayUntil && isAway(awayEndsAt, now) ? [[offenderId, awayRefusalMessage(name, awayUntil)] as const] : [],
    ),
  );

  /**
   * The required-fields message answers the last submit; once a field changes it may no longer be true, so it goes
   * (the next submit says it again if it still is). Other problems stay until the next submit.
   */
  function edited<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setProblem((current) => (current === REQUIRED_FIELDS_MESSAGE ? null : current));
    };
  }

  const chosenRule = rules.find((each) => each.id === ruleId);
  // A rule stored at 0 (before a rule's fine had to be more than 0) fills in nothing: 0 would only be refused.
  const ruleHasNoAmount = chosenRule !== undefined && chosenRule.fine_amount <= 0;

  function chooseRule(value: string) {
    edited(setRuleId)(value);
    const rule = rules.find((each) => each.id === value);
    if (rule) setAmount(rule.fine_amount > 0 ? amountFieldText(rule.fine_amount) : "");
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createFine.isPending || props.isUploading) return;
    if (!householdId) {
      setProblem(NO_HOUSEHOLD_FINE_MESSAGE);
      return;
    }
    if (!offenderId || !ruleId || amount.trim() === "") {
      setProblem(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    const body = createFineBody.safeParse({
      offender_id: offenderId,
      rule_id: ruleId,
      amount: Number(amount),
      description,
      household_id: householdId,
      created_by: userId,
      evidence: { note, images: props.evidenceImages },
    });
    if (!body.success) {
      setProblem(body.error.issues[0]?.message ?? REQUIRED_FIELDS_MESSAGE);
      return;
    }
    setProblem(null);
    createFine.mutate(body.data, {
      onSuccess: (fine) => {
        const offender = offenders.find((each) => each.id === fine.offender_id)?.name;
        const name = offender ?? "Your housemate";
        toast.success("Fine issued", { description: `${name} was fined ${formatCurrency(fine.amount, currency)}` });
        onIssued(fine);
        // They hear back when it is paid or disputed (issue 23).
        offerPush(`Get a notification on this device when ${offender ?? "your housemate"} pays?`);
      },
      onError: (error) => {
        setProblem(error.message || CREATE_FAILED_MESSAGE);
        // A 409 is most likely a housemate gone away since the list was loaded: reload it, so they show as away.
        if (error instanceof ApiError && error.status === 409) onRefresh();
      },
    });
  }

  const busy = createFine.isPending;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Fields marked * are required.</p>
        <Button type="button" needsServer variant="outline" size="sm" onClick={onRefresh} disabled={isRefreshing}>
          <RotateCw className={isRefreshing ? "animate-spin" : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-offender`}>Offender *</Label>
          <Select value={offenderId} onValueChange={edited(setOffenderId)} disabled={offenders.length === 0}>
            {/* Radix skips a disabled option, so its own description is never read: the trigger says why too. */}
            <SelectTrigger
              id={`${id}-offender`}
              aria-describedby={
                awayReasons.size > 0
                  ? [...awayReasons.keys()].map((awayId) => `${id}-away-${awayId}`).join(" ")
                  : undefined
              }
            >
              <SelectValue
                placeholder={offenders.length === 0 ? "No other household members found" : "Choose a housemate"}
              />
            </SelectTrigger>
            <SelectContent>
              {offenders.map((offender) => (
                <SelectItem
                  key={offender.id}
                  value={offender.id}
                  disabled={awayReasons.has(offender.id)}
                  aria-describedby={awayReasons.has(offender.id) ? `${id}-away-${offender.id}` : undefined}
                >
                  {offender.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {[...awayReasons].map(([offenderId, reason]) => (
            <p key={offenderId} id={`${id}-away-${offenderId}`} className="text-xs text-muted-foreground">
              {reason}
            </p>
          ))}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-rule`}>Rule *</Label>
          <Select value={ruleId} onValueChange={chooseRule} disabled={rules.length === 0}>
            <SelectTrigger id={`${id}-rule`}>
              <SelectValue placeholder={rules.length === 0 ? "No rules found" : "Choose the rule broken"} />
            </SelectTrigger>
            <SelectContent>
              {rules.map((rule) => (
                <SelectItem key={rule.id} value={rule.id}>
                  {`${rule.title} (${formatCurrency(rule.fine_amount, currency)})`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {rules.length === 0 && (
            <p className="text-xs text-muted-foreground">
              Add one on the{" "}
              <Link to="/dashboard/rules" className="text-primary underline underline-offset-4">
                House Rules
              </Link>{" "}
              page first.
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:max-w-[calc(50%-0.625rem)]">
        <Label htmlFor={`${id}-amount`}>{`Amount (${currency}) *`}</Label>
        <Input
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={MONEY_MIN}
          value={amount}
          onChange={(event) => edited(setAmount)(event.target.value)}
          onBlur={() => setAmount(amountFieldText)}
          placeholder="0.00"
          aria-describedby={ruleHasNoAmount ? `${id}-amount-hint` : undefined}
        />
        {ruleHasNoAmount && (
          <p id={`${id}-amount-hint`} className="text-xs text-muted-foreground">
            {NO_RULE_AMOUNT_HINT}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="What happened?"
          rows={3}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-note`}>Evidence note</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Where and when you saw it"
          rows={2}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-images`}>Image evidence</Label>
        {props.evidencePicker(`${id}-images`)}
      </div>
      {problem && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || props.isUploading}>
          {busy && <Spinner label="Issuing" className="size-4" />}
          Issue Fine
        </Button>
      </div>
    </form>
  );
}
