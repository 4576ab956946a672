import { lazy, Suspense, useState } from "react";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ExportMember } from "./export-dialog";

export type { ExportMember };

// The dialog and what it needs load when first opened: most visits to the page never export.
const ExportDialog = lazy(() => import("./export-dialog").then((module) => ({ default: module.ExportDialog })));

export interface ExportFineHistoryProps {
  householdId: string;
  /** The housemates one may export the fines of (as offender). */
  members: readonly ExportMember[];
  /** Today, for the default period (this year so far); tests fix it. */
  today?: Date;
}

/** Issue 20 Exports: an 'Export' button opening the choice of period and member, and the two downloads. */
export function ExportFineHistory({ householdId, members, today }: ExportFineHistoryProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Download aria-hidden="true" />
        Export
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog householdId={householdId} members={members} today={today} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
