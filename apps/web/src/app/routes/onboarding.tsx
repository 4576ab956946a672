import { Onboarding } from "@/features/households/components/onboarding";
import { usePageTitle } from "../page-title";

/** /onboarding (SPEC §2): the guard lets only a signed-in user without a household see it. */
export function Component() {
  usePageTitle("Welcome");
  return <Onboarding />;
}
