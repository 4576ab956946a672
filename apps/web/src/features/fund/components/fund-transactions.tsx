import { lazy, Suspense, useState } from "react";
import type { Transaction, TransactionPage, TransactionsQuery } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { isRangeBackwards } from "@/lib/date-range";
import { useTransactions } from "../api/get-transactions";
import {
  hasFilters,
  resetSearch,
  withFilter,
  type TransactionFilterName,
  type TransactionSearch,
} from "../utils/transaction-search";
import { TransactionFilters, type FilterChoice } from "./transaction-filters";
import { TransactionList } from "./transaction-list";

// The form checks its reason with the contract's schema: it loads when an admin first opens it (decision 033).
const ReverseDialog = lazy(() => import("./reverse-dialog").then((module) => ({ default: module.ReverseDialog })));

export interface FundTransactionsProps {
  householdId: string;
  currency: string | undefined;
  /** Admins may reverse an entry (decision 034). */
  canReverse: boolean;
  members: readonly FilterChoice[];
  rules: readonly FilterChoice[];
  /** A member's name, 'Former member' for someone no longer in the household. */
  memberName: (id: string | null) => string;
  /** The filters, sort and page, as the URL holds them. */
  search: TransactionSearch;
  onSearchChange: (search: TransactionSearch) => void;
}

const queryOf = ({ type, member, rule, from, to, sort, order, page }: TransactionSearch): TransactionsQuery => ({
  type,
  member,
  rule,
  from,
  to,
  sort,
  order,
  page,
});

/** SPEC §3's 'Page X of Y': Y is ceil(total / limit), and an empty list is one page. */
const pageCount = ({ total, limit }: TransactionPage["page"]) => Math.max(1, Math.ceil(total / limit));

/** SPEC §3's transaction history: filters, sort and numbered pages over the fund's ledger (issue 17). */
export function FundTransactions(props: FundTransactionsProps) {
  const { householdId, currency, canReverse, members, rules, memberName, search, onSearchChange } = props;
  const [reversing, setReversing] = useState<Transaction | null>(null);
  const rangeBackwards = isRangeBackwards(search);
  const transactions = useTransactions(householdId, queryOf(search), { enabled: !rangeBackwards });
  const reset = () => onSearchChange(resetSearch());
  const filtered = hasFilters(search);

  const body = rangeBackwards ? null : transactions.isPending ? (
    <div role="status" aria-label="Loading transactions" className="flex flex-col gap-2">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  ) : transactions.isError ? (
    <div className="flex flex-col items-start gap-3 text-sm">
      <p>Failed to load transactions. Please try again.</p>
      <Button needsServer variant="outline" size="sm" onClick={() => void transactions.refetch()}>
        Try again
      </Button>
    </div>
  ) : transactions.data.data.length === 0 && transactions.data.page.total > 0 ? (
    // A shared link to a page the list has shrunk away from: the entries are there, on an earlier page.
    <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted-foreground">
      <p>This page is past the end of the list.</p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onSearchChange({ ...search, page: pageCount(transactions.data.page) })}
      >
        Go to the last page
      </Button>
    </div>
  ) : transactions.data.data.length === 0 ? (
    <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted-foreground">
      <p>{filtered ? "No transactions match these filters" : "No transactions yet"}</p>
      {filtered && (
        <Button variant="outline" size="sm" onClick={reset}>
          Reset filters
        </Button>
      )}
    </div>
  ) : (
    <>
      <TransactionList
        transactions={transactions.data.data}
        currency={currency}
        memberName={memberName}
        onReverse={canReverse ? setReversing : undefined}
      />
      <Pager
        page={transactions.data.page.page}
        pages={pageCount(transactions.data.page)}
        onPage={(page) => onSearchChange({ ...search, page })}
      />
    </>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Transactions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <TransactionFilters
          search={search}
          members={members}
          rules={rules}
          onFilterChange={(name: TransactionFilterName, value) => onSearchChange(withFilter(search, name, value))}
          onSortChange={(sort, order) => onSearchChange({ ...search, sort, order, page: 1 })}
          onReset={reset}
        />
        {body}
      </CardContent>
      {canReverse && reversing && (
        <Suspense fallback={null}>
          <ReverseDialog transaction={reversing} currency={currency} onClose={() => setReversing(null)} />
        </Suspense>
      )}
    </Card>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Transaction pages" className="flex items-center justify-between gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
