import { useAuthStore } from "@/lib/auth/auth-store";
import { HouseholdSettingsPage } from "@/features/households/components/settings/household-settings-page";
import { usePageTitle } from "../page-title";

/** /dashboard/household (issue 16). The guard has already sent anyone without a household away. */
export function Component() {
  usePageTitle("Household");
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  if (!householdId) return null;
  return <HouseholdSettingsPage householdId={householdId} />;
}
