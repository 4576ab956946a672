import { useEffect } from "react";
import { Inbox } from "lucide-react";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";
import { useFinePages } from "../api/get-fines";
import { FINE_FILTERS, type FineFilter, type FineSide } from "../utils/fine-filter";
import { FineItem } from "./fine-item";
import { FineListSkeleton, FinePager, FINES_LOAD_FAILED } from "./fine-list-states";
import { useFineViewer } from "./fine-viewer";

/** Fines a page of My Fines shows. */
export const MY_FINES_PAGE_SIZE = 10;

const LABELS: Record<FineFilter, string> = { all: "All", pending: "Pending", paid: "Paid", disputed: "Disputed" };

export interface MyFinesListProps {
  /** The fines the viewer received (SPEC's list), or those they issued (issue 18). */
  side: FineSide;
  filter: FineFilter;
  onFilterChange: (filter: FineFilter) => void;
}

const emptyHint = (side: FineSide, filter: FineFilter) => {
  if (side === "issued") {
    return filter === "all"
      ? "You have not fined anyone yet."
      : `You have issued no ${LABELS[filter].toLowerCase()} fines.`;
  }
  return filter === "all"
    ? "Nobody has fined you yet. Keep it up!"
    : `You have no ${LABELS[filter].toLowerCase()} fines.`;
};

/**
 * SPEC §2 My Fines: the viewer's received fines, newest first, filtered by status, a page at a time; or, on the
 * 'Issued by me' side, the fines they issued (the household's list narrowed to its issuer: the server pages and counts
 * it the same way).
 */
export function MyFinesList({ side, filter, onFilterChange }: MyFinesListProps) {
  const { userId, householdId } = useFineViewer();
  const status = filter === "all" ? undefined : filter;
  const pages = useFinePages(side === "issued" ? { household: householdId } : { offender: userId }, {
    status,
    createdBy: side === "issued" ? userId : undefined,
    limit: MY_FINES_PAGE_SIZE,
  });
  const { query, fines } = pages;
  useEffect(() => {
    if (query.isError) toast.error("Error", { id: "my-fines", description: "Failed to load fines" });
  }, [query.isError]);

  const byStatus = query.data?.page.by_status;
  const count = (each: FineFilter) =>
    byStatus &&
    (each === "all" ? byStatus.pending + byStatus.paid + byStatus.disputed + byStatus.cancelled : byStatus[each]);

  const list = query.isPending ? (
    <FineListSkeleton rows={3} />
  ) : query.isError && !query.data ? (
    // A refresh that failed (offline, with the kept copy) leaves the fines on screen: only a list never had is an error.
    <LoadError message={FINES_LOAD_FAILED} onRetry={() => void query.refetch()} />
  ) : fines.length === 0 ? (
    <EmptyState icon={<Inbox />} title="No fines found" hint={emptyHint(side, filter)} />
  ) : (
    <ul className={cn("flex flex-col gap-3 transition-opacity", query.isPlaceholderData && "opacity-60")}>
      {fines.map((fine) => (
        <li key={fine.id}>
          {/* An issuer sees their disputed fines here too, so they review them here as on the dashboard. */}
          <FineItem fine={fine} disputeFor={side === "issued" ? "issuer" : "offender"} />
        </li>
      ))}
    </ul>
  );

  return (
    <Tabs
      value={filter}
      onValueChange={(value) => onFilterChange(FINE_FILTERS.find((each) => each === value) ?? "all")}
      className="flex flex-col gap-4"
    >
      <TabsList className="w-full sm:w-auto sm:self-start" aria-label="Filter by status">
        {FINE_FILTERS.map((each) => (
          <TabsTrigger key={each} value={each} className="gap-1 px-2 sm:px-3">
            {LABELS[each]}
            {/* The space is not laid out in the flex row, but screen readers say "Pending 3", not "Pending3". */}
            {byStatus && " "}
            {byStatus && <span className="text-xs text-muted-foreground tabular-nums">{count(each)}</span>}
          </TabsTrigger>
        ))}
      </TabsList>
      {/* A panel per tab, so each tab's aria-controls names an element; the chosen one holds the list. */}
      {FINE_FILTERS.map((each) => (
        <TabsContent key={each} value={each} forceMount hidden={each !== filter} className="mt-0 flex flex-col gap-4">
          <h2 className="sr-only">{`${LABELS[each]} fines`}</h2>
          {each === filter && list}
          {/* Also under a page that failed to load, so Previous stays within reach. */}
          {each === filter && (pages.pageCount > 1 || pages.hasPrevious) && (
            <FinePager pages={pages} label="My Fines pages" />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
