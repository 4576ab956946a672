import type { ComponentProps, ReactNode } from "react";
import { DATE_RANGE_MESSAGE, TRANSACTION_TYPES, type SortOrder, type TransactionSort } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import type { TransactionFilterName, TransactionSearch } from "../utils/transaction-search";
import { TYPE_LABELS } from "./transaction-type-badge";

export interface FilterChoice {
  id: string;
  name: string;
}

export interface TransactionFiltersProps {
  search: TransactionSearch;
  members: readonly FilterChoice[];
  rules: readonly FilterChoice[];
  onFilterChange: (name: TransactionFilterName, value: string | undefined) => void;
  onSortChange: (sort: TransactionSort, order: SortOrder) => void;
  onReset: () => void;
}

const SORTS: Record<string, { label: string; sort: TransactionSort; order: SortOrder }> = {
  "date-desc": { label: "Newest first", sort: "date", order: "desc" },
  "date-asc": { label: "Oldest first", sort: "date", order: "asc" },
  "amount-desc": { label: "Largest amount first", sort: "amount", order: "desc" },
  "amount-asc": { label: "Smallest amount first", sort: "amount", order: "asc" },
};

// The server filters and charts by whole UTC days (decision 034): the history shows its dates in UTC and says so here.
const DATES_HINT_ID = "transactions-dates-hint";
const RANGE_ERROR_ID = "transactions-range-error";

// A native select: the phone's own picker, and one control a screen reader knows.
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

/** A filter that picks one of `choices`, or all of them (`all`, the empty value). */
function ChoiceFilter({
  name,
  label,
  all,
  choices,
  search,
  onFilterChange,
}: {
  name: "type" | "member" | "rule";
  label: string;
  all: string;
  choices: readonly FilterChoice[];
  search: TransactionSearch;
  onFilterChange: TransactionFiltersProps["onFilterChange"];
}) {
  const id = `transactions-${name}`;
  return (
    <Field id={id} label={label}>
      <NativeSelect id={id} value={search[name] ?? ""} onChange={(event) => onFilterChange(name, event.target.value)}>
        <option value="">{all}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** SPEC §3's transaction filters and sort, with SPEC §4's reset (which clears the sort too). */
export function TransactionFilters({
  search,
  members,
  rules,
  onFilterChange,
  onSortChange,
  onReset,
}: TransactionFiltersProps) {
  const rangeBackwards = Boolean(search.from && search.to && search.from > search.to);
  return (
    <form
      aria-label="Transaction filters"
      className="grid grid-cols-2 gap-3 lg:grid-cols-4 xl:grid-cols-7"
      onSubmit={(event) => event.preventDefault()}
    >
      <ChoiceFilter
        name="type"
        label="Type"
        all="All types"
        choices={TRANSACTION_TYPES.map((type) => ({ id: type, name: TYPE_LABELS[type] }))}
        search={search}
        onFilterChange={onFilterChange}
      />
      <ChoiceFilter
        name="member"
        label="Member"
        all="All members"
        choices={members}
        search={search}
        onFilterChange={onFilterChange}
      />
      <ChoiceFilter
        name="rule"
        label="Rule"
        all="All rules"
        choices={rules}
        search={search}
        onFilterChange={onFilterChange}
      />
      <Field id="transactions-from" label="From">
        <Input
          id="transactions-from"
          type="date"
          value={search.from ?? ""}
          max={search.to}
          aria-describedby={DATES_HINT_ID}
          onChange={(event) => onFilterChange("from", event.target.value)}
        />
      </Field>
      <Field id="transactions-to" label="To">
        <Input
          id="transactions-to"
          type="date"
          value={search.to ?? ""}
          min={search.from}
          aria-invalid={rangeBackwards}
          aria-describedby={rangeBackwards ? `${DATES_HINT_ID} ${RANGE_ERROR_ID}` : DATES_HINT_ID}
          onChange={(event) => onFilterChange("to", event.target.value)}
        />
      </Field>
      <Field id="transactions-sort" label="Sort">
        <NativeSelect
          id="transactions-sort"
          value={`${search.sort}-${search.order}`}
          onChange={(event) => {
            const choice = SORTS[event.target.value];
            if (choice) onSortChange(choice.sort, choice.order);
          }}
        >
          {Object.entries(SORTS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="col-span-full flex items-end lg:col-span-1">
        <Button type="button" variant="outline" className="w-full" onClick={onReset}>
          Reset filters
        </Button>
      </div>
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
