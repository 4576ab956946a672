import { Link } from "react-router";
import { ReceiptText } from "lucide-react";
import type { Fine } from "@housemate/contract";
import { EmptyState } from "@/components/empty-state";
import { useFinePages } from "../api/get-fines";
import { ActivityRow, ActivityRowSkeleton } from "./activity-row";
import { FineListCard } from "./fine-list-card";
import { useFineViewer } from "./fine-viewer";

/** SPEC §9: Recent Activity shows 10 fines a page. */
export const RECENT_ACTIVITY_PAGE_SIZE = 10;

/** Each fine as the landing page's preview draws it (issue 18): avatars, 'Sam fined Alex', amount and status. */
const ACTIVITY_ROW = {
  render: (fine: Fine) => <ActivityRow fine={fine} />,
  skeleton: <ActivityRowSkeleton />,
  className: "divide-y",
};

/** SPEC §2 Dashboard: every fine of the household, newest first, a page at a time from the server. */
export function RecentActivityCard() {
  const { householdId } = useFineViewer();
  const pages = useFinePages({ household: householdId }, { limit: RECENT_ACTIVITY_PAGE_SIZE });

  return (
    <FineListCard
      title="Recent Activity"
      description="Every fine in your household, newest first."
      pages={pages}
      rows={RECENT_ACTIVITY_PAGE_SIZE}
      shrink
      // SPEC's card lists fines; everything else that happens is on the Activity page (issue 20, decision 045).
      action={
        <Link
          to="/dashboard/activity"
          // 44 px tall for a thumb (issue 18), the negative margins keeping the header's height as it was.
          className="-my-3 inline-flex min-h-11 shrink-0 items-center rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          See all activity
        </Link>
      }
      failureToast="Failed to load recent fines"
      empty={
        <EmptyState
          icon={<ReceiptText />}
          title="No fines yet"
          hint="Fines issued in your household will show up here."
        />
      }
      row={ACTIVITY_ROW}
    />
  );
}
