import { History, RotateCw } from "lucide-react";
import type { Fine } from "@housemate/contract";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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

/** SPEC §2: pending, paid or disputed; any other status reads as pending. */
const STATUS: Record<string, { label: string; variant: NonNullable<BadgeProps["variant"]> }> = {
  pending: { label: "Pending", variant: "warning" },
  paid: { label: "Paid", variant: "success" },
  disputed: { label: "Disputed", variant: "destructive" },
};

function FineRow({ fine, currency, ruleTitle, issuerName }: { fine: Fine } & Pick<FineHistoryProps, "currency" | "ruleTitle" | "issuerName">) {
  const status = STATUS[fine.status] ?? { label: "Pending", variant: "warning" };
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
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
    </div>
  );
}

function Body({ fines, isLoading, isError, onRetry, ...row }: FineHistoryProps) {
  if (fines) {
    if (fines.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-8 text-center">
          <History className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No fines yet</p>
          <p className="text-sm text-muted-foreground">Fines you receive will show up here.</p>
        </div>
      );
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
    return (
      <div className="flex flex-col items-center gap-3 rounded-md border border-dashed px-4 py-8 text-center">
        <p className="text-sm text-muted-foreground">Failed to load fines</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
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
