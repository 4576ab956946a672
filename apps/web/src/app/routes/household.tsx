import { LoadError } from "@/components/load-error";
import { useAuthStore } from "@/lib/auth/auth-store";
import { useAppConfig } from "@/lib/plans/get-app-config";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { HouseholdSettingsPage } from "@/features/households/components/settings/household-settings-page";
import { SectionLoading } from "@/features/households/components/settings/section-loading";
import { PlanCard } from "@/features/plans/components/plan-card";
import { useBillingReturn } from "@/features/plans/hooks/use-billing-return";
import { ContactSupportCard } from "@/features/support/components/contact-support-card";
import { usePageTitle } from "../page-title";

/**
 * /dashboard/household (issue 16), with the plans feature's Plan section when plans are on (issue 21), and where the
 * payment provider sends the admin back to (`?billing=…`); 'Contact support' when the server has a support address
 * (issue 21). The guard has already sent anyone without a household away.
 */
export function Component() {
  usePageTitle("Household");
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const access = usePlanAccess(householdId);
  const { plan } = access;
  const confirmation = useBillingReturn(householdId, plan);
  const support = useAppConfig().data?.support ?? false;
  if (!householdId) return null;
  return (
    <HouseholdSettingsPage
      householdId={householdId}
      planSection={(isAdmin) =>
        // With plans off (or before the server has said) there is no section at all, not even a placeholder.
        !access.plansOn ? null : plan ? (
          <PlanCard householdId={householdId} plan={plan} isAdmin={isAdmin} confirmation={confirmation} />
        ) : access.isError ? (
          <LoadError message="Failed to load the plan." onRetry={access.refetch} />
        ) : (
          access.isPending && <SectionLoading className="h-56" label="Loading the plan" />
        )
      }
      support={support && <ContactSupportCard />}
    />
  );
}
