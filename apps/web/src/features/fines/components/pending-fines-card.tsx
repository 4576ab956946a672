import { PartyPopper } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { formatCurrency } from "@/lib/format";
import { useFinePages } from "../api/get-fines";
import { FineListCard } from "./fine-list-card";
import { useFineViewer } from "./fine-viewer";

/** Pending fines a page of the dashboard card shows. */
export const PENDING_PAGE_SIZE = 3;

const unpaid = (count: number) => (count === 1 ? "1 unpaid fine" : `${count} unpaid fines`);

/** SPEC §2 Dashboard: the fines the viewer owes that are pending, with their count and what they add up to. */
export function PendingFinesCard() {
  const { userId, currency } = useFineViewer();
  const pages = useFinePages({ offender: userId }, { status: "pending", limit: PENDING_PAGE_SIZE });
  const total = pages.query.data?.page;

  return (
    <FineListCard
      title="Your Pending Fines"
      description={
        pages.query.isPending
          ? "Loading..."
          : total && total.total > 0
            ? `${formatCurrency(total.amount, currency)} to pay`
            : "Nothing to pay"
      }
      badge={
        <Badge variant={total && total.total > 0 ? "warning" : "secondary"} aria-label={unpaid(total?.total ?? 0)}>
          {unpaid(total?.total ?? 0)}
        </Badge>
      }
      pages={pages}
      fitWhenWide
      rows={PENDING_PAGE_SIZE}
      failureToast="Failed to load pending fines"
      empty={
        <EmptyState icon={<PartyPopper />} title="No pending fines" hint="You're all square with your housemates." />
      }
    />
  );
}
