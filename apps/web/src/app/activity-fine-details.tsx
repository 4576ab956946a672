import { lazy, Suspense, useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { getFineQueryOptions, isFineNotFound } from "@/features/fines/api/get-fine";
import { FineViewerScope } from "./fine-viewer-scope";

// Loaded when a fine is first opened, as the fines screens' dialog is: asked for alongside the fine, so both arrive
// together.
const loadFineDetailsBody = () =>
  import("@/features/fines/components/fine-details-dialog").then((module) => ({ default: module.FineDetailsBody }));
const FineDetailsBody = lazy(loadFineDetailsBody);

export interface ActivityFineDetailsProps {
  householdId: string;
  fineId: string;
  onClose: () => void;
}

/**
 * A fine's 'Fine Details' opened from the Activity page, as the fines screens show it. The fine is asked for on its own,
 * whatever its status (an entry may be about a fine since cancelled or written off, which no list shows), and the
 * fines' caches keep it up to date after a change made in it (features/fines/api/fine-caches.ts). One dialog from the
 * first click: its spinner gives way to the fine inside it, so neither the dialog nor focus jumps meanwhile.
 */
export function ActivityFineDetails({ householdId, fineId, onClose }: ActivityFineDetailsProps) {
  const found = useQuery(getFineQueryOptions(householdId, fineId));
  useEffect(() => void loadFineDetailsBody(), []);
  const loading = <Spinner label="Loading fine" className="size-6 self-center" />;

  let body = loading;
  if (found.data)
    body = (
      <FineViewerScope>
        <Suspense fallback={loading}>
          <FineDetailsBody fine={found.data} disputeFor="issuer" />
        </Suspense>
      </FineViewerScope>
    );
  else if (found.isError)
    body = (
      <p className="text-sm text-muted-foreground">
        {isFineNotFound(found.error) ? "This fine no longer exists." : "Failed to load this fine. Please try again."}
      </p>
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Fine Details</DialogTitle>
          <DialogDescription className="sr-only">Everything about this fine.</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
