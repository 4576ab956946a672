import { PartyPopper } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCurrency } from "@/lib/format";
import { FineItem } from "./fine-item";
import { FINES_LOAD_FAILED, FineListSkeleton, type FineListCardProps } from "./fine-list-states";
import { useFineViewer } from "./fine-viewer";

const unpaid = (count: number) => (count === 1 ? "1 unpaid fine" : `${count} unpaid fines`);

/** SPEC §2 Dashboard: the fines the viewer owes that are pending, with their count. */
export function PendingFinesCard({ fines, isLoading, isError, onRetry }: FineListCardProps) {
  const { currency } = useFineViewer();
  const total = fines.reduce((sum, fine) => sum + Math.round(fine.amount * 100), 0) / 100;

  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Your Pending Fines</CardTitle>
          <CardDescription>
            {isLoading ? "Loading..." : fines.length > 0 ? `${formatCurrency(total, currency)} to pay` : "Nothing to pay"}
          </CardDescription>
        </div>
        {!isLoading && !isError && (
          <Badge variant={fines.length > 0 ? "warning" : "secondary"} aria-label={unpaid(fines.length)}>
            {unpaid(fines.length)}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-2">
        {isLoading ? (
          <FineListSkeleton rows={2} />
        ) : isError ? (
          <LoadError message={FINES_LOAD_FAILED} onRetry={onRetry} />
        ) : fines.length === 0 ? (
          <EmptyState icon={<PartyPopper />} title="No pending fines" hint="You're all square with your housemates." />
        ) : (
          fines.map((fine) => <FineItem key={fine.id} fine={fine} compact withDetails disputeFor="issuer" />)
        )}
      </CardContent>
    </Card>
  );
}
