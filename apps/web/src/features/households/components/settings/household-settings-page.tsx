import type { ReactNode } from "react";
import { LoadError } from "@/components/load-error";
import { useAuthStore } from "@/lib/auth/auth-store";
import { DISPLAY_CURRENCY } from "@/lib/format";
import { householdFullReason, PLAN_SECTION_ID, seatsLine } from "@/lib/plans/plan-usage";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { useHousehold } from "../../api/get-household";
import { useHouseholdMembers } from "../../api/get-household-members";
import { useHouseholdRoster } from "../../api/get-household-roster";
import { useIsHouseholdAdmin } from "../../hooks/use-is-household-admin";
import { HouseholdDangerZoneCard } from "./household-danger-zone-card";
import { HouseholdIdCard } from "./household-id-card";
import { HouseholdSettingsCard } from "./household-settings-card";
import { InviteLinksCard } from "./invite-links-card";
import { MembersCard } from "./members-card";
import { ReminderSettingsCard } from "./reminder-settings-card";
import { SectionLoading } from "./section-loading";

/**
 * /dashboard/household (issue 16): the household's settings, members, ID, invite links and danger zone. Admins act on
 * them; everyone else sees them as they are. Whether someone is an admin: useIsHouseholdAdmin, as the other pages
 * ask it. With plans on (issue 21), the
 * plans feature's Plan section (`planSection`) and the seats the members and invite links use of it.
 */
export function HouseholdSettingsPage({
  householdId,
  planSection,
  support,
}: {
  householdId: string;
  planSection?: (isAdmin: boolean) => ReactNode;
  /** 'Contact support' (issue 21), when the server offers it: composed by the route. */
  support?: ReactNode;
}) {
  const currentUser = useAuthStore((state) => state.currentUser);
  const { plan } = usePlanAccess(householdId);
  const household = useHousehold();
  const roster = useHouseholdRoster(householdId);
  const isAdmin = useIsHouseholdAdmin();
  // Who is away (issue 22) comes with the plain member list, which the shell has usually loaded already.
  const members = useHouseholdMembers();
  const awayOf = (memberId: string) => members.data?.find((member) => member.id === memberId);
  const hasFines = (roster.data ?? []).some((member) => member.fines_issued > 0 || member.pending_fines_owed > 0);
  const currency = household.data?.iso_4217_code ?? DISPLAY_CURRENCY;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Household</h1>
        <p className="text-muted-foreground">{household.data?.name ?? "Your household's settings and members."}</p>
      </header>
      {household.isPending ? (
        <SectionLoading className="h-48" label="Loading the household" />
      ) : household.isError ? (
        <LoadError message="Failed to load the household." onRetry={() => void household.refetch()} />
      ) : (
        <>
          <HouseholdSettingsCard household={household.data} isAdmin={isAdmin} hasFines={hasFines} />
          <ReminderSettingsCard household={household.data} isAdmin={isAdmin} />
        </>
      )}
      {planSection?.(isAdmin)}
      <MembersCard
        householdId={householdId}
        members={roster.data}
        isLoading={roster.isPending}
        isError={roster.isError}
        onRetry={() => void roster.refetch()}
        currentUserId={currentUser?.id ?? ""}
        isAdmin={isAdmin}
        currency={currency}
        seats={plan ? seatsLine(plan) : null}
        awayOf={awayOf}
      />
      {household.isPending ? (
        <SectionLoading className="h-40" label="Loading the household ID" />
      ) : (
        // On a failure the settings card above says so, with its Retry.
        household.data && <HouseholdIdCard household={household.data} isAdmin={isAdmin} />
      )}
      <InviteLinksCard
        householdId={householdId}
        isAdmin={isAdmin}
        fullReason={householdFullReason(plan)}
        upgradeHref={`#${PLAN_SECTION_ID}`}
      />
      {support}
      <HouseholdDangerZoneCard householdId={householdId} canDelete={isAdmin && roster.data?.length === 1} />
    </div>
  );
}
