import type { Transaction, TransactionType } from "@housemate/contract";
import { Badge } from "@/components/ui/badge";

export const TYPE_LABELS: Record<TransactionType, string> = {
  income: "Income",
  spending: "Spending",
  correction: "Correction",
};

const VARIANTS = { income: "success", spending: "warning", correction: "outline" } as const;

/** What kind of entry it is, and 'Reversed' once a correction has undone it. */
export function TransactionTypeBadges({ transaction }: { transaction: Transaction }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={VARIANTS[transaction.type]}>{TYPE_LABELS[transaction.type]}</Badge>
      {transaction.reversed_by_id && <Badge variant="secondary">Reversed</Badge>}
    </span>
  );
}
