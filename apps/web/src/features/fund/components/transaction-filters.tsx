import { TRANSACTION_TYPES, type SortOrder, type TransactionSort } from "@housemate/contract";
import { DateRangeFields, Field } from "@/components/date-range-fields";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
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
      <DateRangeFields idPrefix="transactions" range={search} onChange={onFilterChange}>
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
      </DateRangeFields>
    </form>
  );
}
