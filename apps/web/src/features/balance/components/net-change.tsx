import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { NET_CHANGE_DAYS } from "@housemate/contract";
import { formatSignedCurrency } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * The fund's change over the last 30 days: an arrow, the signed amount and the words, so the colour (green up, red
 * down) only repeats what is written. The colour is on the tint and the arrow: the success green as text is 3.1:1.
 */
export function NetChange({
  amount,
  currency,
  withPeriod = true,
  className,
}: {
  amount: number;
  currency: string | undefined;
  /** Says 'in 30 days' after the amount; left out where a label beside it says so already. */
  withPeriod?: boolean;
  className?: string;
}) {
  const Arrow = amount > 0 ? ArrowUpRight : amount < 0 ? ArrowDownRight : ArrowRight;
  const direction = amount > 0 ? "up" : amount < 0 ? "down" : "no change";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums",
        amount > 0 ? "bg-success/15" : amount < 0 ? "bg-destructive/10" : "bg-muted",
        className,
      )}
      data-testid="net-change"
    >
      <Arrow
        className={cn(
          "size-3.5",
          amount > 0 ? "text-success" : amount < 0 ? "text-destructive" : "text-muted-foreground",
        )}
        aria-hidden="true"
      />
      <span className="sr-only">{direction}, </span>
      {formatSignedCurrency(amount, currency)}
      {withPeriod && ` in ${NET_CHANGE_DAYS} days`}
    </span>
  );
}
