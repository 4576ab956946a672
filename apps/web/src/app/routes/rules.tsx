import { useAuthStore } from "@/lib/auth/auth-store";
import { useHousehold } from "@/features/households/api/get-household";
import { RulesBoard } from "@/features/rules/components/rules-board";
import { DISPLAY_CURRENCY } from "@/lib/format";
import { usePageTitle } from "../page-title";

/** /dashboard/rules (SPEC §2 House Rules). The guard has already sent anyone without a household away. */
export function Component() {
  usePageTitle("Rules");
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const currency = useHousehold().data?.iso_4217_code ?? DISPLAY_CURRENCY;
  if (!householdId) return null;
  return <RulesBoard householdId={householdId} currency={currency} />;
}
