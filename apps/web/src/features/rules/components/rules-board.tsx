import { useEffect, useId, type MouseEvent } from "react";
import { toast } from "sonner";
import { BookOpen, Pencil, Plus, TriangleAlert } from "lucide-react";
import type { Rule } from "@housemate/contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { rulesAllowance } from "@/lib/plans/plan-usage";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { useCreateRule } from "../api/create-rule";
import { useDeleteRule } from "../api/delete-rule";
import { useRules } from "../api/get-rules";
import { useUpdateRule } from "../api/update-rule";
import { DeleteRuleDialog } from "./delete-rule-dialog";
import { RuleCard } from "./rule-card";
import { RuleFormDialog, type RuleFields } from "./rule-form-dialog";

export interface RulesBoardProps {
  householdId: string;
  currency: string;
}

/**
 * What a limit turns off (issue 21) stays focusable, so a keyboard reaches it and a screen reader hears why
 * (aria-describedby): aria-disabled rather than `disabled`, and the click that would open its dialog cancelled (the
 * dialog's trigger acts only on a click nobody prevented).
 */
const offWhile = (reason: string | null | undefined, reasonId: string) =>
  reason
    ? {
        "aria-disabled": true,
        "aria-describedby": reasonId,
        onClick: (event: MouseEvent) => event.preventDefault(),
      }
    : {};
const OFF_LOOK = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

// The mutation hooks show SPEC §8's toasts; here a failure only keeps the dialog open.
const settled = (work: Promise<unknown>) =>
  work.then(
    () => true,
    () => false,
  );

function RuleSkeletons() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading rules">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-lg border p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="mt-2 h-6 w-20" />
        </div>
      ))}
    </div>
  );
}

/**
 * SPEC §2 House Rules: every rule of the household, with Create Rule, Edit and Delete. On a plan with a rule limit
 * (issue 21, Basic): how many of them it uses, Create Rule off at the limit, saying why, and over it (after a
 * downgrade) the rules read-only but for Delete, as the server has them.
 */
export function RulesBoard({ householdId, currency }: RulesBoardProps) {
  const rules = useRules(householdId);
  const { plan } = usePlanAccess(householdId);
  const allowance = rulesAllowance(plan);
  const blockedId = useId();
  const createRule = useCreateRule();
  const updateRule = useUpdateRule();
  const deleteRule = useDeleteRule();
  useEffect(() => {
    if (rules.isError) toast.error("Error", { description: "Failed to load rules" });
  }, [rules.isError]);

  const create = (fields: RuleFields) => settled(createRule.mutateAsync({ ...fields, household_id: householdId }));
  const update = (rule: Rule, changes: RuleFields) => settled(updateRule.mutateAsync({ ruleId: rule.id, changes }));
  const remove = (rule: Rule) => settled(deleteRule.mutateAsync(rule));

  const createButton = (
    <Button className={OFF_LOOK} {...offWhile(allowance?.addBlocked, blockedId)}>
      <Plus aria-hidden="true" />
      Create Rule
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">House Rules</h1>
          <p className="text-muted-foreground">The rules everyone agreed on, and what breaking each one costs.</p>
          {allowance && <p className="mt-1 text-sm font-medium">{allowance.line}</p>}
        </div>
        <RuleFormDialog currency={currency} trigger={createButton} isSaving={createRule.isPending} onSave={create} />
      </div>
      {allowance?.overLimit ? (
        <Alert>
          <TriangleAlert aria-hidden="true" />
          <AlertDescription id={blockedId} className="text-foreground">
            {allowance.overLimit}
          </AlertDescription>
        </Alert>
      ) : (
        allowance?.addBlocked && (
          <p id={blockedId} className="-mt-3 text-sm text-muted-foreground">
            {allowance.addBlocked}
          </p>
        )
      )}
      {rules.isPending ? (
        <RuleSkeletons />
      ) : (rules.data ?? []).length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-12 text-center">
          <BookOpen className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No rules found</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {rules.isError ? "The rules could not be loaded." : "Create the first rule for your household."}
          </p>
          {rules.isError && (
            <Button needsServer variant="outline" onClick={() => void rules.refetch()}>
              Retry
            </Button>
          )}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {(rules.data ?? []).map((rule) => (
            <li key={rule.id}>
              <RuleCard
                rule={rule}
                currency={currency}
                actions={
                  <>
                    <RuleFormDialog
                      rule={rule}
                      currency={currency}
                      isSaving={updateRule.isPending}
                      onSave={(changes) => update(rule, changes)}
                      trigger={
                        <Button
                          variant="ghost"
                          size="icon"
                          className={`size-8 text-muted-foreground ${OFF_LOOK}`}
                          aria-label={`Edit ${rule.title}`}
                          {...offWhile(allowance?.overLimit, blockedId)}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                      }
                    />
                    <DeleteRuleDialog rule={rule} isDeleting={deleteRule.isPending} onDelete={() => remove(rule)} />
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
