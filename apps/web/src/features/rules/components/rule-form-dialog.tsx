import { useState, type SubmitEvent, type ReactNode } from "react";
import { amountFieldText, createRuleBody, MONEY_MIN, type CreateRuleBody, type Rule } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";

/** What the form asks for: a rule's body without its household, which the board adds. */
export type RuleFields = Omit<CreateRuleBody, "household_id">;

export interface RuleFormDialogProps {
  /** The rule being edited; without one the dialog creates a rule. */
  rule?: Rule;
  currency: string;
  trigger: ReactNode;
  isSaving: boolean;
  /** Resolves true when saved, so the dialog can close. */
  onSave: (fields: RuleFields) => Promise<boolean>;
}

const ruleFields = createRuleBody.omit({ household_id: true });
type Field = keyof RuleFields;

/** SPEC §5: a non-numeric amount counts as 0. */
export const amountFrom = (text: string) => {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
};

/** Create Rule and Edit Rule (SPEC §2): title, description and fine amount, all required. */
export function RuleFormDialog({ rule, currency, trigger, isSaving, onSave }: RuleFormDialogProps) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const idPrefix = rule ? `rule-${rule.id}` : "rule-new";
  const editing = rule !== undefined;

  function change(next: boolean) {
    if (next) {
      setTitle(rule?.title ?? "");
      setDescription(rule?.description ?? "");
      // '2.00', not '2': as the rule card and every other amount show it.
      setAmount(rule ? amountFieldText(rule.fine_amount) : "");
      setProblems({});
    }
    setOpen(next);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const found: Partial<Record<Field, string>> = {};
    if (amount.trim() === "") found.fine_amount = "Fine amount is required";
    const parsed = ruleFields.safeParse({ title, description, fine_amount: amountFrom(amount) });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "title" || field === "description" || field === "fine_amount") && !found[field]) {
          found[field] = issue.message;
        }
      }
    }
    setProblems(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    if (await onSave(parsed.data)) setOpen(false);
  }

  /** A field's message goes as soon as the person edits it. */
  const clear = (field: Field) => setProblems(({ [field]: _fixed, ...rest }) => rest);
  const error = (field: Field) =>
    problems[field] && (
      <p id={`${idPrefix}-${field}-error`} className="text-sm text-destructive">
        {problems[field]}
      </p>
    );
  const described = (field: Field) => (problems[field] ? `${idPrefix}-${field}-error` : undefined);

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{editing ? "Edit Rule" : "Create Rule"}</DialogTitle>
            <DialogDescription>
              {editing
                ? "Change the rule for everyone in the household."
                : "Add a rule everyone in the household agrees on."}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${idPrefix}-title`}>Title</Label>
            <Input
              id={`${idPrefix}-title`}
              value={title}
              maxLength={100}
              onChange={(event) => {
                setTitle(event.target.value);
                clear("title");
              }}
              placeholder="Dishes left overnight"
              aria-invalid={problems.title !== undefined}
              aria-describedby={described("title")}
            />
            {error("title")}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${idPrefix}-description`}>Description</Label>
            <Textarea
              id={`${idPrefix}-description`}
              value={description}
              maxLength={1000}
              onChange={(event) => {
                setDescription(event.target.value);
                clear("description");
              }}
              placeholder="Wash up before going to bed."
              rows={3}
              aria-invalid={problems.description !== undefined}
              aria-describedby={described("description")}
            />
            {error("description")}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${idPrefix}-amount`}>{`Fine amount (${currency})`}</Label>
            <Input
              id={`${idPrefix}-amount`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={MONEY_MIN}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                clear("fine_amount");
              }}
              onBlur={() => setAmount(amountFieldText)}
              placeholder="0.00"
              aria-invalid={problems.fine_amount !== undefined}
              aria-describedby={described("fine_amount")}
            />
            {error("fine_amount")}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving && <Spinner label="Saving" className="size-4" />}
              {editing ? "Save Changes" : "Create Rule"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
