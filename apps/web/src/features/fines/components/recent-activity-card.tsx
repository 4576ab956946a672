import { useState } from "react";
import { ChevronLeft, ChevronRight, ReceiptText } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FineItem } from "./fine-item";
import { FINES_LOAD_FAILED, FineListSkeleton, type FineListCardProps } from "./fine-list-states";

/** SPEC §9: Recent Activity shows 10 fines a page. */
export const RECENT_ACTIVITY_PAGE_SIZE = 10;

/** SPEC §2 Dashboard: every fine of the household, newest first, paged here on the client. */
export function RecentActivityCard({ fines, isLoading, isError, onRetry }: FineListCardProps) {
  const [requestedPage, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(fines.length / RECENT_ACTIVITY_PAGE_SIZE));
  // A fine that leaves the list (an accepted dispute) may empty the last page.
  const page = Math.min(requestedPage, pageCount);
  const shown = fines.slice((page - 1) * RECENT_ACTIVITY_PAGE_SIZE, page * RECENT_ACTIVITY_PAGE_SIZE);

  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Every fine in your household, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {isLoading ? (
          <FineListSkeleton rows={4} />
        ) : isError ? (
          <LoadError message={FINES_LOAD_FAILED} onRetry={onRetry} />
        ) : fines.length === 0 ? (
          <EmptyState icon={<ReceiptText />} title="No fines yet" hint="Fines issued in your household will show up here." />
        ) : (
          <ul className="flex flex-col gap-2">
            {shown.map((fine) => (
              <li key={fine.id}>
                <FineItem fine={fine} compact withDetails withActions={false} disputeFor="issuer" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {!isLoading && !isError && fines.length > 0 && (
        <CardFooter className="justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <p className="text-sm text-muted-foreground" aria-live="polite">{`Page ${page} of ${pageCount}`}</p>
          <Button variant="outline" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pageCount}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
