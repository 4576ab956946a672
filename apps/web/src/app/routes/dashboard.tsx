import { useAuthStore } from "@/lib/auth/auth-store";
import { HouseholdGreeting } from "@/features/households/components/household-greeting";
import { HouseholdMembersCard } from "@/features/households/components/household-members-card";
import { WelcomeScreen } from "@/features/households/components/welcome-screen";
import { DashboardFineCards } from "@/features/fines/components/dashboard-fine-cards";
import { NotesCard } from "@/features/notes/components/notes-card";
import { FineViewerScope } from "../fine-viewer-scope";
import { usePageTitle } from "../page-title";

/**
 * /dashboard (SPEC §2): a composition of the features' cards; each card fetches its own data. Laid out as the landing
 * page's preview (docs/decisions/036): on a laptop the fines on the left and SPEC's side panel (the housemates and the
 * household's notes) in a column on the right, both seen without scrolling past Recent Activity; on narrower screens
 * the side panel follows the fines.
 */
export function Component() {
  usePageTitle("Dashboard");
  const hasHousehold = useAuthStore((state) => Boolean(state.currentUser?.household_id));
  if (!hasHousehold) return <WelcomeScreen />;

  return (
    <div className="flex flex-col gap-6">
      <HouseholdGreeting />
      {/* One grid, so the phone's order can differ from the laptop's columns: on a phone the housemates come first,
          which is for reading, and the fines' buttons lower down, where a thumb reaches (issue 18). */}
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_17rem] xl:grid-rows-[auto_1fr]">
        <div className="min-w-0 xl:col-start-2 xl:row-start-1">
          <HouseholdMembersCard />
        </div>
        <div className="min-w-0 xl:col-start-1 xl:row-span-2 xl:row-start-1">
          <FineViewerScope>
            <DashboardFineCards />
          </FineViewerScope>
        </div>
        {/* Its own box: the notes card sizes itself for a grid of its own (two columns of three), not this one. */}
        <div className="min-w-0 xl:col-start-2 xl:row-start-2">
          <NotesCard />
        </div>
      </div>
    </div>
  );
}
