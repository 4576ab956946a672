import type { FundMonth } from "@housemate/contract";
import { cn } from "@/lib/utils";

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 2;

/** Each month's net (income less spending), oldest first. */
export const monthlyNet = (months: readonly FundMonth[]) => months.map((month) => month.income - month.spending);

/**
 * The House Balance card's trend: the monthly net as one line, in plain SVG. The card is on every signed-in page, so
 * it draws without a chart library (decision 035); the Fund page has the full chart. The zero line is dashed.
 */
export function TrendSparkline({ months, className }: { months: readonly FundMonth[]; className?: string }) {
  const values = monthlyNet(months);
  if (values.length < 2) return null;
  const high = Math.max(0, ...values);
  const low = Math.min(0, ...values);
  const span = high - low || 1;
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / (values.length - 1);
  const y = (value: number) => PAD + ((high - value) * (HEIGHT - 2 * PAD)) / span;
  const points = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className={cn("h-8 w-full text-primary", className)}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="trend-sparkline"
    >
      <line
        x1={PAD}
        x2={WIDTH - PAD}
        y1={y(0)}
        y2={y(0)}
        className="stroke-muted-foreground/40"
        strokeDasharray="2 2"
        vectorEffect="non-scaling-stroke"
      />
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
