import { History } from "lucide-react";
import type { Fine } from "@housemate/contract";
import { EmptyState } from "@/components/empty-state";
import { FineStatusBadge } from "@/components/fine-status-badge";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCurrency, formatDate } from "@/lib/format";

/** SPEC §9 Profile Fine History: the 5 most recent received fines. */
export const FINE_HISTORY_SIZE = 5;

export interface FineHistoryProps {
  /** The fines the person received, newest first. */
  fines: Fine[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Amounts are shown in the household's currency (DESIGN §6), not with SPEC's '$'. */
  currency: string;
  /** The rule a fine was issued under, once the rules are known. */
  ruleTitle: (ruleId: string | null) => string | undefined;
  /** Who issued a fine ('Former member' for a deleted account). */
  issuerName: (issuerId: string | null) => string;
}

function FineRow({
  fine,
  currency,
  ruleTitle,
  issuerName,
}: { fine: Fine } & Pick<FineHistoryProps, "currency" | "ruleTitle" | "issuerName">) {
  return (
    <div className="flex items-start gap-3 rounded-md border px-3 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold break-words">{ruleTitle(fine.rule_id) ?? "Fine"}</p>
        <p className="text-xs text-muted-foreground">
          From {issuerName(fine.created_by)} · {formatDate(fine.created_at)}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="text-sm font-bold tabular-nums">{formatCurrency(fine.amount, currency)}</p>
        <FineStatusBadge fine={fine} />
      </div>
    </div>
  );
}

function Body({ fines, isLoading, isError, onRetry, ...row }: FineHistoryProps) {
  if (fines) {
    if (fines.length === 0) {
      return <EmptyState icon={<History />} title="No fines yet" hint="Fines you receive will show up here." />;
    }
    return (
      <ul className="flex flex-col gap-2" aria-label="Fine History">
        {fines.slice(0, FINE_HISTORY_SIZE).map((fine) => (
          <li key={fine.id}>
            <FineRow fine={fine} {...row} />
          </li>
        ))}
      </ul>
    );
  }
  if (isError) {
    return <LoadError message="Failed to load fines" onRetry={onRetry} />;
  }
  if (!isLoading) return null;
  return (
    <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading fines">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-14" />
      ))}
    </div>
  );
}

/** Profile → Statistics 'Fine History' (SPEC §2). */
export function FineHistory(props: FineHistoryProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fine History</CardTitle>
        <CardDescription>Your {FINE_HISTORY_SIZE} most recent fines.</CardDescription>
      </CardHeader>
      <CardContent>
        <Body {...props} />
      </CardContent>
    </Card>
  );
}
