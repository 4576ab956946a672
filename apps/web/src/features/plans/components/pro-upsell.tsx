import { useId } from "react";
import { Link } from "react-router";
import { Sparkles } from "lucide-react";
import { featureNeedsProMessage, PLAN_NAMES, PRO_PRICE_TEXT, type ProFeature } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { UPGRADE_PATH } from "@/lib/plans/plan-usage";
import { PRO_FEATURE_PITCH } from "../utils/pro-inclusions";

export interface ProUpsellProps {
  feature: ProFeature;
  isAdmin: boolean;
}

/**
 * Issue 21: what a Basic household sees in place of a Pro feature's page, rather than the API's 402: the contract's
 * message ('Insights is part of Housemate Pro.'), what the feature gives, and the admin's way to the Plan section.
 */
export function ProUpsell({ feature, isAdmin }: ProUpsellProps) {
  const titleId = useId();
  const message = featureNeedsProMessage(feature);
  // The message's first sentence is the heading; its second ('Ask your household's admin to upgrade.') is for members.
  const end = message.indexOf(". ");
  const [heading, askAdmin] = end > 0 ? [message.slice(0, end + 1), message.slice(end + 2)] : [message, ""];

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-6 py-12 text-center"
    >
      <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
        <Sparkles className="size-6" />
      </span>
      <h2 id={titleId} className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="max-w-md text-sm text-muted-foreground">{PRO_FEATURE_PITCH[feature]}</p>
      {isAdmin ? (
        <>
          <p className="text-sm text-muted-foreground">{`${PLAN_NAMES.pro} is ${PRO_PRICE_TEXT}.`}</p>
          <Button asChild>
            <Link to={UPGRADE_PATH}>Upgrade</Link>
          </Button>
        </>
      ) : (
        <p className="text-sm font-medium">{askAdmin}</p>
      )}
    </section>
  );
}

/** While it is not yet known whether the household has the feature: its page asks the API for nothing until then. */
export function ProCheckLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <Skeleton className="h-24" />
      <Skeleton className="h-48" />
    </div>
  );
}
