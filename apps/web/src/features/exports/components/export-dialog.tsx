import { useId, useState, type MouseEvent } from "react";
import { DATE_RANGE_MESSAGE, type ExportFormat, type FineExportFilters } from "@housemate/contract";
import { buttonVariants } from "@/components/ui/button-variants";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { downloadExport, exportUrl } from "../api/download-export";

export interface ExportMember {
  id: string;
  name: string;
}

export interface ExportDialogProps {
  householdId: string;
  members: readonly ExportMember[];
  today?: Date | undefined;
  onClose: () => void;
}

const LABELS: Record<ExportFormat, { idle: string; busy: string }> = {
  csv: { idle: "Download CSV", busy: "Preparing CSV..." },
  pdf: { idle: "Download PDF", busy: "Preparing PDF..." },
};

/** A day as YYYY-MM-DD, in the person's own calendar (what a date field shows). */
function dayText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The export's choices (period, member) and its two downloads. Each is a real link to the file's address, so it
 * reads as a download to a screen reader and shows where it goes; a click fetches it with the session's token.
 */
export function ExportDialog({ householdId, members, today = new Date(), onClose }: ExportDialogProps) {
  const id = useId();
  const [from, setFrom] = useState(`${today.getFullYear()}-01-01`);
  const [to, setTo] = useState(dayText(today));
  const [member, setMember] = useState("");
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const backwards = from !== "" && to !== "" && to < from;
  const filters: FineExportFilters = { from: from || undefined, to: to || undefined, member: member || undefined };

  async function download(event: MouseEvent<HTMLAnchorElement>, format: ExportFormat) {
    event.preventDefault();
    if (backwards || busy) return;
    setBusy(format);
    setProblem(undefined);
    try {
      await downloadExport(exportUrl(format, householdId, filters), format);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The download failed. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Export fine history</DialogTitle>
          <DialogDescription>
            Download the fines of a period as a spreadsheet (CSV) or a statement (PDF).
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to || undefined}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setFrom(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              aria-invalid={backwards}
              aria-describedby={backwards ? `${id}-hint ${id}-range` : `${id}-hint`}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-member`}>Member</Label>
            {/* A native select: the phone's own picker, and one control a screen reader knows. */}
            <select
              id={`${id}-member`}
              value={member}
              onChange={(event) => setMember(event.target.value)}
              className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
            >
              <option value="">All members</option>
              {members.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
          <p id={`${id}-hint`} className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
            Dates are in UTC. A member keeps the fines they were given.
          </p>
        </div>
        {backwards && (
          <p id={`${id}-range`} role="alert" className="text-sm text-destructive">
            {DATE_RANGE_MESSAGE}
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <DialogFooter className="flex-col gap-2 sm:flex-row">
          {(["csv", "pdf"] as const).map((format) => (
            <a
              key={format}
              href={backwards ? undefined : exportUrl(format, householdId, filters)}
              download
              role={backwards ? "link" : undefined}
              aria-disabled={backwards || busy !== null}
              aria-busy={busy === format}
              onClick={(event) => void download(event, format)}
              className={cn(
                buttonVariants({ variant: format === "csv" ? "default" : "outline" }),
                "w-full sm:w-auto",
                (backwards || busy !== null) && "pointer-events-none opacity-50",
              )}
            >
              {busy === format ? LABELS[format].busy : LABELS[format].idle}
            </a>
          ))}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
