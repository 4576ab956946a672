import type { ComponentProps, ReactNode } from "react";
import {
  ACTIVITY_GROUP_KINDS,
  ACTIVITY_GROUP_LABELS,
  ACTIVITY_GROUPS,
  ACTIVITY_KIND_LABELS,
  DATE_RANGE_MESSAGE,
} from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { isRangeBackwards, type ActivityFilterName, type ActivitySearch } from "../utils/activity-search";

export interface MemberChoice {
  id: string;
  name: string;
}

export interface ActivityFiltersProps {
  search: ActivitySearch;
  members: readonly MemberChoice[];
  onFilterChange: (name: ActivityFilterName, value: string | undefined) => void;
  /** Shown while any filter is set. */
  onClear: (() => void) | undefined;
}

// The server filters by whole UTC days, as the fund's history does (decision 034).
const DATES_HINT_ID = "activity-dates-hint";
const RANGE_ERROR_ID = "activity-range-error";

// A native select, as the fund's filters: the phone's own picker, and one control a screen reader knows.
function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm",
        className,
      )}
      {...props}
    />
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Who, what and when: a member, a group of kinds or one kind, and a range of days; each kept in the URL. */
export function ActivityFilters({ search, members, onFilterChange, onClear }: ActivityFiltersProps) {
  const rangeBackwards = isRangeBackwards(search);
  return (
    <form
      aria-label="Activity filters"
      className="grid grid-cols-2 gap-3 lg:grid-cols-5"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field id="activity-member" label="Member">
        <NativeSelect
          id="activity-member"
          value={search.member ?? ""}
          onChange={(event) => onFilterChange("member", event.target.value)}
        >
          <option value="">All members</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="activity-kind" label="Kind">
        <NativeSelect
          id="activity-kind"
          value={search.kind ?? ""}
          onChange={(event) => onFilterChange("kind", event.target.value)}
        >
          <option value="">All kinds</option>
          {/* Each group first as a whole ('All fines'), then its kinds one by one. */}
          {ACTIVITY_GROUPS.map((group) => (
            <optgroup key={group} label={ACTIVITY_GROUP_LABELS[group]}>
              <option value={group}>All {ACTIVITY_GROUP_LABELS[group].toLowerCase()}</option>
              {ACTIVITY_GROUP_KINDS[group].map((kind) => (
                <option key={kind} value={kind}>
                  {ACTIVITY_KIND_LABELS[kind]}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
      </Field>
      <Field id="activity-from" label="From">
        <Input
          id="activity-from"
          type="date"
          value={search.from ?? ""}
          max={search.to}
          aria-describedby={DATES_HINT_ID}
          onChange={(event) => onFilterChange("from", event.target.value)}
        />
      </Field>
      <Field id="activity-to" label="To">
        <Input
          id="activity-to"
          type="date"
          value={search.to ?? ""}
          min={search.from}
          aria-invalid={rangeBackwards}
          aria-describedby={rangeBackwards ? `${DATES_HINT_ID} ${RANGE_ERROR_ID}` : DATES_HINT_ID}
          onChange={(event) => onFilterChange("to", event.target.value)}
        />
      </Field>
      {onClear && (
        <div className="col-span-full flex items-end lg:col-span-1">
          <Button type="button" variant="outline" className="w-full" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      )}
      <p id={DATES_HINT_ID} className="col-span-full -mt-1 text-xs text-muted-foreground">
        Dates are in UTC.
      </p>
      {rangeBackwards && (
        <p id={RANGE_ERROR_ID} className="col-span-full text-sm text-destructive">
          {DATE_RANGE_MESSAGE}
        </p>
      )}
    </form>
  );
}
