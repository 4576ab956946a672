import { useAuthStore } from "@/lib/auth/auth-store";
import { HouseholdGreeting } from "@/features/households/components/household-greeting";
import { HouseholdMembersCard } from "@/features/households/components/household-members-card";
import { WelcomeScreen } from "@/features/households/components/welcome-screen";
import { DashboardFineCards } from "@/features/fines/components/dashboard-fine-cards";
import { NotesCard } from "@/features/notes/components/notes-card";
import { FineViewerScope } from "../fine-viewer-scope";
import { usePageTitle } from "../page-title";

/** /dashboard (SPEC §2): a composition of the features' cards; each card fetches its own data. */
export function Component() {
  usePageTitle("Dashboard");
  const hasHousehold = useAuthStore((state) => Boolean(state.currentUser?.household_id));
  if (!hasHousehold) return <WelcomeScreen />;

  return (
    <div className="flex flex-col gap-6">
      <HouseholdGreeting />
      <FineViewerScope>
        <DashboardFineCards />
      </FineViewerScope>
      {/* SPEC §2's side panel (the housemates) beside the household's notes board. */}
      <div className="grid items-start gap-6 md:grid-cols-2 xl:grid-cols-3">
        <HouseholdMembersCard />
        <NotesCard />
      </div>
    </div>
  );
}
