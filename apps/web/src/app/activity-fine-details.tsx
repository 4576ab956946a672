import { lazy, Suspense } from "react";
import { useQuery } from "@tanstack/react-query";
import { FINE_PAGE_MAX, type FinePage } from "@housemate/contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { fineScopeKey, getFinePage } from "@/features/fines/api/get-fines";
import { FineViewerScope } from "./fine-viewer-scope";

// Loaded when a fine is first opened, as the fines screens' is.
const FineDetailsDialog = lazy(() =>
  import("@/features/fines/components/fine-details-dialog").then((module) => ({ default: module.FineDetailsDialog })),
);

/** 5,000 fines: past that a fine is not looked for (the largest household). */
const PAGES_SEARCHED_MAX = 50;

/**
 * The page of the household's fines that holds `fineId`, newest first, a server page of 100 at a time. The API has no
 * route for one fine (docs/decisions/045): most households' fines are one page. Kept under the household's fines key,
 * FinePage-shaped, so a payment or dispute in the dialog updates it as it updates every list of fines.
 */
async function findFinePage(householdId: string, fineId: string, signal: AbortSignal): Promise<FinePage | null> {
  let cursor: string | undefined;
  for (let searched = 0; searched < PAGES_SEARCHED_MAX; searched += 1) {
    const page = await getFinePage({ household: householdId }, { limit: FINE_PAGE_MAX }, cursor, signal);
    if (page.data.some((fine) => fine.id === fineId)) return page;
    if (!page.page.next_cursor) return null;
    cursor = page.page.next_cursor;
  }
  return null;
}

export interface ActivityFineDetailsProps {
  householdId: string;
  fineId: string;
  onClose: () => void;
}

/** A fine's 'Fine Details' opened from the Activity page: the fines screens' own dialog, once the fine is found. */
export function ActivityFineDetails({ householdId, fineId, onClose }: ActivityFineDetailsProps) {
  const found = useQuery({
    queryKey: [...fineScopeKey({ household: householdId }), { find: fineId }] as const,
    queryFn: ({ signal }) => findFinePage(householdId, fineId, signal),
  });
  const fine = found.data?.data.find((each) => each.id === fineId);
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };

  if (fine)
    return (
      <FineViewerScope>
        <Suspense fallback={null}>
          <FineDetailsDialog fine={fine} disputeFor="issuer" open onOpenChange={onOpenChange} />
        </Suspense>
      </FineViewerScope>
    );
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Fine Details</DialogTitle>
          <DialogDescription className="sr-only">Everything about this fine.</DialogDescription>
        </DialogHeader>
        {found.isPending ? (
          <Spinner label="Loading fine" className="size-6 self-center" />
        ) : (
          // Not listed any more (an accepted dispute takes a fine off every list), or it could not be fetched.
          <p className="text-sm text-muted-foreground">
            {found.isError ? "Failed to load this fine. Please try again." : "This fine is no longer listed."}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
