import { useAuthStore } from "@/lib/auth/auth-store";
import { useAppConfig } from "@/lib/plans/get-app-config";
import { usePlanAccess } from "@/lib/plans/use-plan-access";
import { HouseholdSettingsPage } from "@/features/households/components/settings/household-settings-page";
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
  const { plan } = usePlanAccess(householdId);
  const support = useAppConfig().data?.support ?? false;
  useBillingReturn(householdId);
  if (!householdId) return null;
  return (
    <HouseholdSettingsPage
      householdId={householdId}
      planSection={(isAdmin) => plan && <PlanCard householdId={householdId} plan={plan} isAdmin={isAdmin} />}
      support={support && <ContactSupportCard />}
    />
  );
}
