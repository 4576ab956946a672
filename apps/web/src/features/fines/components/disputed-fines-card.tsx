import { Scale } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { useFinePages } from "../api/get-fines";
import { FineListCard } from "./fine-list-card";
import { useFineViewer } from "./fine-viewer";

/** Disputes a page of the dashboard card shows. */
export const DISPUTES_PAGE_SIZE = 3;

/**
 * SPEC §2 Dashboard: disputes of fines the viewer issued, each with its review action. A dispute handed to the viewer
 * when its issuer left is reviewed from Recent Activity and its notification (decision 032): asking this card's list
 * by reviewer scans the household's fines, where by issuer it reads an index.
 */
export function DisputedFinesCard() {
  const { householdId, userId } = useFineViewer();
  const pages = useFinePages(
    { household: householdId },
    { status: "disputed", createdBy: userId, limit: DISPUTES_PAGE_SIZE },
  );
  const count = pages.query.data?.page.total ?? 0;

  return (
    <FineListCard
      title="Disputed Fines to Review"
      description="Accept or decline what your housemates disputed."
      badge={count > 0 && <Badge variant="destructive">{count}</Badge>}
      pages={pages}
      fitWhenWide
      rows={DISPUTES_PAGE_SIZE}
      failureToast="Failed to load recent fines"
      empty={
        <EmptyState icon={<Scale />} title="No disputes to review" hint="Disputed fines you issued will appear here." />
      }
    />
  );
}
