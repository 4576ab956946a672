import {
  ACTIVITY_GROUP_KINDS,
  ACTIVITY_GROUP_LABELS,
  ACTIVITY_GROUPS,
  ACTIVITY_KIND_LABELS,
} from "@housemate/contract";
import { DateRangeFields, Field } from "@/components/date-range-fields";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import type { ActivityFilterName, ActivitySearch } from "../utils/activity-search";

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

/** Who, what and when: a member, a group of kinds or one kind, and a range of days; each kept in the URL. */
export function ActivityFilters({ search, members, onFilterChange, onClear }: ActivityFiltersProps) {
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
      <DateRangeFields idPrefix="activity" range={search} onChange={onFilterChange}>
        {onClear && (
          <div className="col-span-full flex items-end lg:col-span-1">
            <Button type="button" variant="outline" className="w-full" onClick={onClear}>
              Clear filters
            </Button>
          </div>
        )}
      </DateRangeFields>
    </form>
  );
}
