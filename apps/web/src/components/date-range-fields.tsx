import type { ReactNode } from "react";
import { DATE_RANGE_MESSAGE } from "@housemate/contract";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isRangeBackwards, type DayRange } from "@/lib/date-range";
import { cn } from "@/lib/utils";

/** A labelled control in a filter grid. */
export function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export interface DateRangeFieldsProps {
  /** Prefixes the fields' ids (`<prefix>-from`, `<prefix>-to`, …): unique on the page. */
  idPrefix: string;
  range: DayRange;
  onChange: (end: "from" | "to", value: string) => void;
  /** The hint under the range; the server counts whole UTC days (decision 034), so it says so. */
  hint?: string | undefined;
  /** Controls placed between the dates and their hint, in the same grid (the other filters, a reset). */
  children?: ReactNode;
}

/**
 * A 'From' and 'To' pair of dates in a grid, each described by the hint, and the range error (SPEC's words) under them
 * when the range ends before it starts: the To field is then invalid and the page asks the server nothing.
 */
export function DateRangeFields({
  idPrefix,
  range,
  onChange,
  hint = "Dates are in UTC.",
  children,
}: DateRangeFieldsProps) {
  const backwards = isRangeBackwards(range);
  const hintId = `${idPrefix}-dates-hint`;
  const errorId = `${idPrefix}-range-error`;
  return (
    <>
      <Field id={`${idPrefix}-from`} label="From">
        <Input
          id={`${idPrefix}-from`}
          type="date"
          value={range.from ?? ""}
          max={range.to || undefined}
          aria-describedby={hintId}
          onChange={(event) => onChange("from", event.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-to`} label="To">
        <Input
          id={`${idPrefix}-to`}
          type="date"
          value={range.to ?? ""}
          min={range.from || undefined}
          aria-invalid={backwards}
          aria-describedby={backwards ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => onChange("to", event.target.value)}
        />
      </Field>
      {children}
      <p id={hintId} className="col-span-full -mt-1 text-xs text-muted-foreground">
        {hint}
      </p>
      {backwards && (
        <p id={errorId} role="alert" className="col-span-full text-sm text-destructive">
          {DATE_RANGE_MESSAGE}
        </p>
      )}
    </>
  );
}
