import { useAuthStore } from "@/lib/auth/auth-store";
import { Onboarding } from "@/features/households/components/onboarding";
import { usePageTitle } from "../page-title";
import { Redirecting } from "./loading-screen";

/**
 * /household/create (SPEC §2): the welcome screen's way in, the onboarding create step. Someone who
 * already has a household cannot start a second one (DESIGN §3), so they go back to it.
 */
export function Component() {
  usePageTitle("Create Household");
  const hasHousehold = useAuthStore((state) => Boolean(state.currentUser?.household_id));
  if (hasHousehold) return <Redirecting to="/dashboard" />;
  return <Onboarding initialStep="create" />;
}
