import { useEffect } from "react";
import { Inbox } from "lucide-react";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useUserFines } from "../api/get-user-fines";
import { applyFineFilter, FINE_FILTERS, type FineFilter } from "../utils/fine-filter";
import { FineItem } from "./fine-item";
import { FINES_LOAD_FAILED, FineListSkeleton } from "./fine-list-states";
import { useFineViewer } from "./fine-viewer";

const LABELS: Record<FineFilter, string> = { all: "All", pending: "Pending", paid: "Paid", disputed: "Disputed" };

export interface MyFinesListProps {
  filter: FineFilter;
  onFilterChange: (filter: FineFilter) => void;
}

/** SPEC §2 My Fines: the viewer's received fines, newest first, filtered by status. */
export function MyFinesList({ filter, onFilterChange }: MyFinesListProps) {
  const { userId } = useFineViewer();
  const received = useUserFines(userId);
  useEffect(() => {
    if (received.isError) toast.error("Error", { description: "Failed to load fines" });
  }, [received.isError]);

  const all = received.data ?? [];
  const shown = applyFineFilter(all, filter);
  const count = (each: FineFilter) => applyFineFilter(all, each).length;

  return (
    <div className="flex flex-col gap-4">
      <Tabs value={filter} onValueChange={(value) => onFilterChange(FINE_FILTERS.find((each) => each === value) ?? "all")}>
        <TabsList className="w-full sm:w-auto" aria-label="Filter by status">
          {FINE_FILTERS.map((each) => (
            <TabsTrigger key={each} value={each} className="gap-1 px-2 sm:px-3">
              {LABELS[each]}
              {received.isSuccess && <span className="text-xs text-muted-foreground tabular-nums">{count(each)}</span>}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {received.isPending ? (
        <FineListSkeleton rows={3} compact={false} />
      ) : received.isError ? (
        <LoadError message={FINES_LOAD_FAILED} onRetry={() => void received.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<Inbox />}
          title="No fines found"
          hint={filter === "all" ? "Nobody has fined you yet. Keep it up!" : `You have no ${LABELS[filter].toLowerCase()} fines.`}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((fine) => (
            <li key={fine.id}>
              <FineItem fine={fine} disputeFor="offender" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
