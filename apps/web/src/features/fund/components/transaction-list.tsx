import type { Transaction } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { formatDate, formatSignedCurrency } from "@/lib/format";
import { cn } from "@/lib/utils";
import { TransactionTypeBadges } from "./transaction-type-badge";

export interface TransactionListProps {
  transactions: readonly Transaction[];
  currency: string | undefined;
  memberName: (id: string | null) => string;
  /** Offered on income and spending that stands, to an admin (decision 034). */
  onReverse?: ((transaction: Transaction) => void) | undefined;
}

/** The day each entry is filtered and charted by: whole UTC days (decision 034), as the filters say. */
const entryDate = (transaction: Transaction) => formatDate(transaction.created_at, { utc: true });

const canBeReversed = (transaction: Transaction) => transaction.type !== "correction" && !transaction.reversed_by_id;

function Amount({ transaction, currency }: { transaction: Transaction; currency: string | undefined }) {
  return (
    <span
      className={cn(
        "font-semibold whitespace-nowrap tabular-nums",
        transaction.reversed_by_id && "line-through opacity-70",
      )}
    >
      {formatSignedCurrency(transaction.amount, currency)}
    </span>
  );
}

function ReverseButton({
  transaction,
  onReverse,
}: Pick<TransactionListProps, "onReverse"> & { transaction: Transaction }) {
  if (!onReverse || !canBeReversed(transaction)) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Reverse ${transaction.description}`}
      onClick={() => onReverse(transaction)}
    >
      Reverse
    </Button>
  );
}

/**
 * One page of the fund's history: a table on a wide screen, a card per entry on a phone. Both are in the document and
 * CSS shows one; each has its own accessible name.
 */
export function TransactionList({ transactions, currency, memberName, onReverse }: TransactionListProps) {
  return (
    <>
      <table aria-label="Transactions" className="hidden w-full text-sm md:table">
        <thead className="border-b text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Member
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Amount
            </th>
            {onReverse && (
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => (
            <tr key={transaction.id} className="border-b last:border-0">
              <td className="py-2 pr-3 whitespace-nowrap">{entryDate(transaction)}</td>
              <td className="py-2 pr-3 break-words">{transaction.description}</td>
              <td className="py-2 pr-3">{memberName(transaction.member_id)}</td>
              <td className="py-2 pr-3">
                <TransactionTypeBadges transaction={transaction} />
              </td>
              <td className="py-2 pr-3 text-right">
                <Amount transaction={transaction} currency={currency} />
              </td>
              {onReverse && (
                <td className="py-2 text-right">
                  <ReverseButton transaction={transaction} onReverse={onReverse} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Transactions" className="flex flex-col gap-3 md:hidden">
        {transactions.map((transaction) => (
          <li key={transaction.id} className="flex flex-col gap-2 rounded-lg border bg-card p-3 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium break-words">{transaction.description}</span>
              <Amount transaction={transaction} currency={currency} />
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <span>{entryDate(transaction)}</span>
              <span>{memberName(transaction.member_id)}</span>
              <TransactionTypeBadges transaction={transaction} />
            </div>
            <ReverseButton transaction={transaction} onReverse={onReverse} />
          </li>
        ))}
      </ul>
    </>
  );
}
