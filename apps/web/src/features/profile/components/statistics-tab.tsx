import type { ReactNode } from "react";
import { CircleCheck, Receipt, Scale, Send } from "lucide-react";
import type { UserStats } from "@housemate/contract";
import { LoadError } from "@/components/load-error";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCurrency, plural } from "@/lib/format";

export interface StatisticsTabProps {
  stats: UserStats | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The household's currency: every amount is shown in it (DESIGN §6). */
  currency: string;
  /** The 'Fine History' card. */
  fineHistory: ReactNode;
}

function StatCard({ icon, label, value, detail }: { icon: ReactNode; label: string; value: string; detail: string }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 p-4 sm:p-5">
        <span className="rounded-md bg-primary/10 p-2 text-primary [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums">{value}</p>
          <p className="text-xs text-muted-foreground">{detail}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** The four figures of SPEC §2 Profile → Statistics, as the server computed them for this person. */
function StatCards({ stats, currency }: { stats: UserStats; currency: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-label="Your fine statistics" role="group">
      <StatCard
        icon={<Receipt />}
        label="Fines Received"
        value={String(stats.totalReceived)}
        detail={`${formatCurrency(stats.pendingAmount, currency)} pending`}
      />
      <StatCard
        icon={<Send />}
        label="Fines Issued"
        value={String(stats.totalIssued)}
        detail={`to ${plural(stats.housematesFined, "housemate", "housemates")}`}
      />
      <StatCard
        icon={<CircleCheck />}
        label="Amount Paid"
        value={formatCurrency(stats.amountPaid, currency)}
        detail={`${plural(stats.settledCount, "fine", "fines")} settled`}
      />
      <StatCard
        icon={<Scale />}
        label="Disputed"
        value={String(stats.disputedCount)}
        detail={`${plural(stats.disputedCount, "fine", "fines")} under dispute`}
      />
    </div>
  );
}

function StatCardsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading statistics">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-[6.5rem] rounded-lg" />
      ))}
    </div>
  );
}

/** Profile → Statistics (SPEC §2): the person's totals, then their 'Fine History'. */
export function StatisticsTab({ stats, isLoading, isError, onRetry, currency, fineHistory }: StatisticsTabProps) {
  return (
    <div className="flex flex-col gap-6">
      {stats ? (
        <StatCards stats={stats} currency={currency} />
      ) : isError ? (
        <LoadError message="Failed to load statistics" onRetry={onRetry} />
      ) : (
        isLoading && <StatCardsSkeleton />
      )}
      {fineHistory}
    </div>
  );
}
