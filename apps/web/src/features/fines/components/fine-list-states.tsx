import { Fragment, type ReactNode } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { FinePages } from "../api/get-fines";

/** In place of a list that could not be loaded (the toast has already said so). */
export const FINES_LOAD_FAILED = "These fines could not be loaded.";

/** A grey bar inside a line of text, so the line keeps the height of the text it stands for. */
function Bar({ className }: { className: string }) {
  return <span aria-hidden="true" className={cn("inline-block rounded-md bg-muted align-middle", className)} />;
}

/**
 * A loading list pulses as one: an animation on every bar of every skeleton row (a hundred on the dashboard) made the
 * first frame's style and layout twice as long on a phone (docs/performance.md, issue 14).
 */
const PULSE_AS_ONE = "animate-pulse [&_*]:animate-none";

/**
 * A compact fine row while it loads: the same boxes, line heights and button row as `FineCard`'s compact layout
 * (every dashboard row has its buttons: Details at least), so the real row takes exactly its place.
 */
function FineRowSkeleton() {
  return (
    <div className="@container rounded-md border border-l-4 bg-card px-3 py-2.5">
      <div className="flex flex-col gap-2 @xl:flex-row @xl:items-center @xl:gap-4">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">
              <Bar className="h-3.5 w-2/5" />
            </p>
            <p className="truncate text-xs">
              <Bar className="h-3 w-3/5" />
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <p className="text-sm font-bold">
              <Bar className="h-3.5 w-12" />
            </p>
            <Badge variant="secondary" className="text-transparent" aria-hidden="true">
              Pending
            </Badge>
          </div>
        </div>
        <div className="flex items-center gap-1.5">
          <Skeleton className="h-8 w-16 max-sm:h-11" />
          <Skeleton className="ml-auto h-8 w-20 max-sm:h-11" />
        </div>
      </div>
    </div>
  );
}

/** Placeholder cards while a list of full fine cards loads (My Fines). */
export function FineListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className={cn("flex flex-col gap-3", PULSE_AS_ONE)} role="status" aria-label="Loading fines">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-lg border border-l-4 bg-card p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-3 w-3/5" />
              <Skeleton className="h-3 w-1/4" />
            </div>
            <div className="flex flex-col items-end gap-2">
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-5 w-16 rounded-full" />
            </div>
          </div>
          <Skeleton className="h-3 w-4/5" />
          <Skeleton className="h-8 w-24" />
        </div>
      ))}
    </div>
  );
}

export interface FineRowsProps {
  /** The rows a page can hold: the list is that tall while it loads, and after it too unless `shrink`. */
  rows: number;
  /** Let a short or empty list take only its own height once loaded (a card at the foot of the page). */
  shrink?: boolean;
  /** Once loaded, take only the list's height on an xl screen (FineListCard's `fitWhenWide`). */
  fitWhenWide?: boolean;
  isLoading: boolean;
  /** One row while loading, the same height as a loaded row (default: a compact fine card's). */
  skeleton?: ReactNode;
  children: ReactNode;
}

/**
 * The list area of a dashboard card: as tall as a full page of compact rows from the first frame, with skeleton rows
 * while loading and the list, the empty state or the error over the same space afterwards. The cards above the
 * fold then never move what is below them (docs/performance.md, issue 14: CLS); the one at the foot of the page may
 * `shrink` once loaded, so a new household's empty list is not a page tall.
 */
export function FineRows({ rows, shrink = false, fitWhenWide = false, isLoading, skeleton, children }: FineRowsProps) {
  const skeletons = Array.from({ length: rows }, (_, index) => (
    <Fragment key={index}>{skeleton ?? <FineRowSkeleton />}</Fragment>
  ));
  if (shrink && !isLoading) return <div className="flex flex-col">{children}</div>;
  return (
    <div className="grid">
      <div
        className={cn(
          "flex flex-col gap-2 [grid-area:1/1]",
          isLoading ? PULSE_AS_ONE : "invisible [&_*]:animate-none",
          !isLoading && fitWhenWide && "xl:hidden",
        )}
        {...(isLoading ? { role: "status", "aria-label": "Loading fines" } : { "aria-hidden": true })}
      >
        {skeletons}
      </div>
      {!isLoading && <div className="flex flex-col [grid-area:1/1] [&>*]:flex-1">{children}</div>}
    </div>
  );
}

/** Previous, 'Page X of Y' and Next under a list of fines (SPEC §2 Recent Activity; every list pages alike). */
export function FinePager({ pages, label, className }: { pages: FinePages; label: string; className?: string }) {
  return (
    <nav aria-label={label} className={cn("flex w-full items-center justify-between gap-2", className)}>
      <Button
        variant="outline"
        size="sm"
        className="max-sm:h-11"
        onClick={pages.previous}
        disabled={!pages.hasPrevious}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {`Page ${pages.pageNumber} of ${pages.pageCount}`}
      </p>
      <Button variant="outline" size="sm" className="max-sm:h-11" onClick={pages.next} disabled={!pages.hasNext}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
