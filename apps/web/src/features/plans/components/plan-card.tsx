import { useId } from "react";
import { Check, CreditCard, LoaderCircle, Sparkles } from "lucide-react";
import { PLAN_NAMES, PLAN_SHORT_NAMES, PRO_PRICE_TEXT, type HouseholdPlan } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { PLAN_SECTION_ID, rulesAllowance, seatsLine } from "@/lib/plans/plan-usage";
import { PRO_INCLUSIONS } from "@/lib/plans/pro-inclusions";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { useStartCheckout } from "../api/start-checkout";
import type { PaymentConfirmation } from "../hooks/use-billing-return";

export interface PlanCardProps {
  householdId: string;
  plan: HouseholdPlan;
  isAdmin: boolean;
  /** Back from a paid checkout while the plan does not say Pro yet (useBillingReturn). */
  confirmation?: PaymentConfirmation;
}

const CONFIRMATION_TEXT: Record<Exclude<PaymentConfirmation, null>, string> = {
  confirming: "Confirming your payment...",
  unconfirmed: "Your plan will update once the payment is confirmed.",
};

/** 'Renews on 1 Jan 2027' or, once cancelled in the portal, 'Ends on …': null without a Pro subscription to date. */
function renewalText({ plan, subscription }: HouseholdPlan): string | null {
  if (plan !== "pro" || !subscription?.current_period_end) return null;
  const date = formatDate(subscription.current_period_end);
  return subscription.cancel_at_period_end ? `Ends on ${date}` : `Renews on ${date}`;
}

/** The rules line: used of allowed on Basic, used alone where the plan has no limit. */
function rulesText(plan: HouseholdPlan): string {
  const allowance = rulesAllowance(plan);
  if (allowance) return allowance.line;
  const count = plan.usage.rules;
  return `${String(count)} ${count === 1 ? "rule" : "rules"}, unlimited on ${plan.plan ? PLAN_SHORT_NAMES[plan.plan] : ""}`;
}

/**
 * Issue 21, the household settings page's Plan section (shown only with plans on): the plan, its seats and rules, what
 * Pro adds and costs, and the admin's way to Checkout or, on Pro, to the provider's portal.
 */
export function PlanCard({ householdId, plan, isAdmin, confirmation = null }: PlanCardProps) {
  const titleId = useId();
  const confirmationId = useId();
  const checkout = useStartCheckout(householdId);
  const portal = useOpenBillingPortal(householdId);
  // Busy from the click until the provider's page replaces this one: a success leaves, it does not come back.
  const leaving = checkout.isPending || checkout.isSuccess || portal.isPending || portal.isSuccess;
  const isPro = plan.plan === "pro";
  const seats = seatsLine(plan);
  const renewal = renewalText(plan);
  // A member on Pro has nothing to do here; everyone else has a button or a word.
  const hasFooter = !isPro || (isAdmin && plan.subscription !== null);

  return (
    <Card id={PLAN_SECTION_ID} role="region" aria-labelledby={titleId} className="scroll-mt-20">
      <CardHeader>
        <CardTitle id={titleId}>Plan</CardTitle>
        <CardDescription>What your household's plan allows, and what it uses.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-lg font-semibold">{plan.plan ? PLAN_NAMES[plan.plan] : ""}</p>
        {/* Always there, so a screen reader announces what comes into it. */}
        <p id={confirmationId} role="status" className="text-sm font-medium empty:hidden">
          {confirmation && (
            <>
              {confirmation === "confirming" && (
                <LoaderCircle className="mr-2 inline size-4 animate-spin align-text-bottom" aria-hidden="true" />
              )}
              {CONFIRMATION_TEXT[confirmation]}
            </>
          )}
        </p>
        <ul className="flex flex-col gap-1 text-sm" aria-label="Usage">
          {seats && <li>{seats}</li>}
          <li>{rulesText(plan)}</li>
          {renewal && <li className="text-muted-foreground">{renewal}</li>}
        </ul>
        {!isPro && (
          <div className="rounded-lg border bg-muted/40 p-4">
            <p className="flex items-center gap-2 font-semibold">
              <Sparkles className="size-4 text-primary" aria-hidden="true" />
              {PLAN_NAMES.pro}, {PRO_PRICE_TEXT}
            </p>
            <ul className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2" aria-label={`What ${PLAN_NAMES.pro} adds`}>
              {PRO_INCLUSIONS.map((inclusion) => (
                <li key={inclusion} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {inclusion}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      {hasFooter && (
        <CardFooter className="flex flex-wrap gap-3">
          {!isAdmin ? (
            !isPro && <p className="text-sm text-muted-foreground">Ask your household's admin to upgrade.</p>
          ) : !isPro ? (
            <Button
              needsServer
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 max-sm:w-full"
              disabled={leaving}
              // Off, but still reachable and saying why, while a payment made a moment ago is being confirmed.
              aria-disabled={confirmation ? true : undefined}
              aria-describedby={confirmation ? confirmationId : undefined}
              onClick={() => {
                if (!confirmation) checkout.mutate();
              }}
            >
              {checkout.isIdle || checkout.isError ? (
                <>
                  <Sparkles aria-hidden="true" />
                  Upgrade to Pro
                </>
              ) : (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                  Opening checkout...
                </>
              )}
            </Button>
          ) : (
            plan.subscription && (
              <Button
                needsServer
                variant="outline"
                className="max-sm:w-full"
                disabled={leaving}
                onClick={() => portal.mutate()}
              >
                {portal.isIdle || portal.isError ? (
                  <>
                    <CreditCard aria-hidden="true" />
                    Manage subscription
                  </>
                ) : (
                  <>
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                    Opening...
                  </>
                )}
              </Button>
            )
          )}
        </CardFooter>
      )}
    </Card>
  );
}
