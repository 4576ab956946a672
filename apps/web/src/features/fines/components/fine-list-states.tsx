import type { Fine } from "@housemate/contract";
import { Skeleton } from "@/components/ui/skeleton";

/** What each dashboard card of fines is given: its list and how loading it went. */
export interface FineListCardProps {
  fines: Fine[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** In place of a list that could not be loaded (the toast has already said so). */
export const FINES_LOAD_FAILED = "These fines could not be loaded.";

/** Placeholder rows while fines load. */
export function FineListSkeleton({ rows = 3, compact = true }: { rows?: number; compact?: boolean }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading fines">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-md border p-3">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-3/5" />
            {!compact && <Skeleton className="h-3 w-4/5" />}
          </div>
          <div className="flex flex-col items-end gap-2">
            <Skeleton className="h-4 w-14" />
            <Skeleton className="h-4 w-16 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
