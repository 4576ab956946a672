import { AppealsToVoteCard } from "./appeals-to-vote-card";
import { DisputedFinesCard } from "./disputed-fines-card";
import { PendingFinesCard } from "./pending-fines-card";
import { RecentActivityCard } from "./recent-activity-card";

/**
 * The dashboard's fine cards (SPEC §2): pending and disputes to review side by side, Recent Activity under them; each
 * asks for its own page. Columns of `minmax(0, 1fr)`: a card is as wide as its column, whatever its rows hold. Appeals
 * to vote on (issue 21), when there are any, come first: they close in days.
 */
export function DashboardFineCards() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="min-w-0 empty:hidden lg:col-span-2">
        <AppealsToVoteCard />
      </div>
      <PendingFinesCard />
      <DisputedFinesCard />
      <div className="min-w-0 lg:col-span-2">
        <RecentActivityCard />
      </div>
    </div>
  );
}
