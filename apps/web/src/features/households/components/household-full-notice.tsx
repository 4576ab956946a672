import { Link } from "react-router";
import { UPGRADE_PATH } from "@/lib/plans/plan-usage";
import { cn } from "@/lib/utils";

const LINK_CLASS =
  "rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring";

export interface HouseholdFullNoticeProps {
  /** The contract's householdFullMessage. */
  reason: string;
  isAdmin: boolean;
  /** Where 'Upgrade' leads: the settings page's Plan section; on that page, its anchor. */
  upgradeHref?: string;
  id?: string;
  className?: string;
}

/**
 * Issue 21: why inviting is off (every seat of the plan is taken), beside the invite button it describes, with the
 * admin's way to upgrade.
 */
export function HouseholdFullNotice({ reason, isAdmin, upgradeHref, id, className }: HouseholdFullNoticeProps) {
  return (
    <p id={id} className={cn("text-sm text-muted-foreground", className)}>
      {reason}
      {isAdmin && (
        <>
          {" "}
          {upgradeHref?.startsWith("#") ? (
            <a href={upgradeHref} className={LINK_CLASS}>
              Upgrade
            </a>
          ) : (
            <Link to={upgradeHref ?? UPGRADE_PATH} className={LINK_CLASS}>
              Upgrade
            </Link>
          )}
        </>
      )}
    </p>
  );
}
