import { useAuthStore } from "@/lib/auth/auth-store";
import { useAppConfig } from "@/lib/plans/get-app-config";
import { HouseholdSettingsPage } from "@/features/households/components/settings/household-settings-page";
import { ContactSupportCard } from "@/features/support/components/contact-support-card";
import { usePageTitle } from "../page-title";

/** /dashboard/household (issue 16). The guard has already sent anyone without a household away. */
export function Component() {
  usePageTitle("Household");
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const support = useAppConfig().data?.support ?? false;
  if (!householdId) return null;
  return <HouseholdSettingsPage householdId={householdId} support={support && <ContactSupportCard />} />;
}
