import { useEffect, useId, useRef, useState } from "react";
import type { ExportFormat, FineExportFilters } from "@housemate/contract";
import { DateRangeFields, Field } from "@/components/date-range-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { isRangeBackwards, utcDay } from "@/lib/date-range";
import { errorMessage } from "@/lib/error-message";
import { downloadExport } from "../api/download-export";

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

/**
 * The export's choices (period, member) and its two downloads. They are buttons, not links: the file needs the
 * session's token, so a link opened in a new tab or copied would only meet a 401. Closing the dialog cancels a
 * download under way and frees the files saved from it.
 */
export function ExportDialog({ householdId, members, today = new Date(), onClose }: ExportDialogProps) {
  const id = useId();
  // The server counts whole UTC days (decision 034): this UTC year so far, whatever the device's zone.
  const [from, setFrom] = useState(`${today.getUTCFullYear()}-01-01`);
  const [to, setTo] = useState(utcDay(today));
  const [member, setMember] = useState("");
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const backwards = isRangeBackwards({ from, to });
  const filters: FineExportFilters = { from: from || undefined, to: to || undefined, member: member || undefined };

  const controller = useRef<AbortController | null>(null);
  const savedFiles = useRef<(() => void)[]>([]);
  useEffect(
    () => () => {
      controller.current?.abort();
      savedFiles.current.forEach((free) => free());
    },
    [],
  );

  async function download(format: ExportFormat) {
    if (backwards || busy) return;
    const current = new AbortController();
    controller.current = current;
    setBusy(format);
    setProblem(undefined);
    try {
      savedFiles.current.push(await downloadExport(format, householdId, filters, current.signal));
    } catch (error) {
      if (current.signal.aborted) return;
      setProblem(errorMessage(error, "The download failed. Please try again."));
    } finally {
      if (!current.signal.aborted) setBusy(null);
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
          <DateRangeFields
            idPrefix={id}
            range={{ from, to }}
            onChange={(end, value) => (end === "from" ? setFrom(value) : setTo(value))}
            hint="Dates are in UTC. A member keeps the fines they were given."
          >
            <Field id={`${id}-member`} label="Member" className="sm:col-span-2">
              <NativeSelect id={`${id}-member`} value={member} onChange={(event) => setMember(event.target.value)}>
                <option value="">All members</option>
                {members.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </DateRangeFields>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <DialogFooter className="flex-col gap-2 sm:flex-row">
          {(["csv", "pdf"] as const).map((format) => (
            <Button
              key={format}
              type="button"
              variant={format === "csv" ? "default" : "outline"}
              className="w-full sm:w-auto"
              disabled={backwards || (busy !== null && busy !== format)}
              aria-disabled={busy === format || undefined}
              aria-busy={busy === format}
              onClick={() => void download(format)}
            >
              {busy === format ? LABELS[format].busy : LABELS[format].idle}
            </Button>
          ))}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
