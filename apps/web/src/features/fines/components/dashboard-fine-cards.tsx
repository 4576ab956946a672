import { DisputedFinesCard } from "./disputed-fines-card";
import { PendingFinesCard } from "./pending-fines-card";
import { RecentActivityCard } from "./recent-activity-card";

/** The dashboard's fine cards (SPEC §2): pending, disputes to review, recent activity; each asks for its own page. */
export function DashboardFineCards() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PendingFinesCard />
      <DisputedFinesCard />
      <div className="lg:col-span-2">
        <RecentActivityCard />
      </div>
    </div>
  );
}
