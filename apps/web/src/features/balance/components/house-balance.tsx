import { useEffect } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ChevronRight, PiggyBank } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCurrency } from "@/lib/format";
import { DESKTOP_LAYOUT, useMediaQuery } from "@/lib/media-query";
import { cn } from "@/lib/utils";
import { useBalanceStats } from "../api/get-balance-stats";
import { useHouseholdBalance } from "../api/get-household-balance";
import { NetChange } from "./net-change";
import { TrendSparkline } from "./trend-sparkline";

export interface HouseBalanceProps {
  householdId: string | null | undefined;
  /** The household's ISO 4217 code (SPEC §9); unknown while it loads. */
  currency: string | undefined;
  /** The Fund page, where the card leads (issue 17). */
  fundHref: string;
  className?: string;
}

const LOAD_FAILED = "Failed to load household balance. Please try again.";

/** The balance query with SPEC §8's failure toast, shared by both looks. */
function useBalance(householdId: HouseBalanceProps["householdId"]) {
  const balance = useHouseholdBalance(householdId);
  useEffect(() => {
    // Both looks may be mounted at once (one hidden by the layout): one id, one toast.
    if (balance.isError) toast.error("Error", { description: LOAD_FAILED, id: "house-balance-failed" });
  }, [balance.isError]);
  return balance;
}

/** The desktop sidebar's House Balance card: the fine fund, refreshed every minute. */
export function HouseBalanceCard({ householdId, currency, fundHref, className }: HouseBalanceProps) {
  const balance = useBalance(householdId);
  // The change and the trend are extras here: without them the card still says what it must, so a failure is the Fund
  // page's to announce (SPEC §8's statistics toast), not every signed-in page's. On a phone the sidebar is hidden, and
  // its extras are neither fetched nor drawn: a signed-in page's load on a phone is busy enough (issue 14).
  const shown = useMediaQuery(DESKTOP_LAYOUT);
  const stats = useBalanceStats(shown ? householdId : null);
  return (
    <section
      aria-labelledby="house-balance-title"
      className={cn("rounded-lg border bg-gradient-to-br from-primary/10 to-card p-4 shadow-sm", className)}
    >
      <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <PiggyBank className="size-4 text-primary" aria-hidden="true" />
        <h2 id="house-balance-title">House Balance</h2>
      </div>
      {balance.isSuccess ? (
        <p className="mt-2 text-2xl font-bold tabular-nums" data-testid="house-balance">
          {formatCurrency(balance.data.balance, currency)}
        </p>
      ) : balance.isError ? (
        <p className="mt-2 text-sm text-muted-foreground">{LOAD_FAILED}</p>
      ) : (
        <Skeleton className="mt-2 h-8 w-24" />
      )}
      {stats.isSuccess && (
        <>
          <NetChange amount={stats.data.netChange} currency={currency} className="mt-2" />
          <TrendSparkline months={stats.data.monthly} className="mt-3" />
        </>
      )}
      <Link
        to={fundHref}
        className="mt-2 inline-flex items-center gap-1 rounded-sm text-xs font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        Open the fund
        <ChevronRight className="size-3" aria-hidden="true" />
      </Link>
    </section>
  );
}

/** The mobile bar's compact House Balance: one line, the label and the figure, leading to the Fund page. */
export function CompactHouseBalance({ householdId, currency, fundHref, className }: HouseBalanceProps) {
  const balance = useBalance(householdId);
  return (
    <Link
      to={fundHref}
      className={cn(
        "flex items-center justify-between gap-3 rounded-sm text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <PiggyBank className="size-4 shrink-0 text-primary" aria-hidden="true" />
        House Balance
      </span>
      {balance.isSuccess ? (
        <span className="font-semibold tabular-nums" data-testid="house-balance-compact">
          {formatCurrency(balance.data.balance, currency)}
        </span>
      ) : balance.isError ? (
        <span className="text-muted-foreground">Unavailable</span>
      ) : (
        <Skeleton className="h-4 w-14" />
      )}
    </Link>
  );
}
