import type { Insights } from "@housemate/contract";
import { formatCurrency, plural } from "@/lib/format";
import { formatDaysSince, formatDuration, formatPercent } from "../utils/format";

/** The most broken rules, most fines first, each with its count and amount. */
export function TopRules({ rules, currency }: { rules: Insights["rules"]; currency: string | undefined }) {
  if (rules.length === 0) return <p className="text-sm text-muted-foreground">No rules broken in this period.</p>;
  const most = Math.max(...rules.map((rule) => rule.count));
  return (
    <ol className="flex flex-col gap-3">
      {rules.map((rule) => (
        <li key={rule.ruleId} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="min-w-0 truncate font-medium">{rule.title}</span>
            <span className="shrink-0 text-muted-foreground tabular-nums">
              {plural(rule.count, "fine")} · {formatCurrency(rule.amount, currency)}
            </span>
          </div>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-primary" style={{ width: `${(rule.count / most) * 100}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The median time from a fine to its payment. */
export function TimeToPay({ hours }: { hours: number | null }) {
  return (
    <p className="flex flex-col gap-1">
      <span className="text-3xl font-bold tabular-nums">
        {hours === null ? "No payments yet" : formatDuration(hours)}
      </span>
      {hours !== null && (
        <span className="text-sm text-muted-foreground">Half of the fines paid were paid faster than this.</span>
      )}
    </p>
  );
}

/** How often fines are disputed, and how the disputes ended. */
export function Disputes({ disputes }: { disputes: Insights["disputes"] }) {
  const outcomes = [
    ["Accepted (fine cancelled)", disputes.outcomes.accepted],
    ["Declined (fine stands)", disputes.outcomes.declined],
    ["Waiting for review", disputes.outcomes.pending],
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-col gap-1">
        <span className="text-3xl font-bold tabular-nums">{formatPercent(disputes.rate)}</span>
        <span className="text-sm text-muted-foreground">
          {disputes.disputed} of {plural(disputes.issued, "fine")} disputed
        </span>
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {outcomes.map(([label, count]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium tabular-nums">{count}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Each current member and how long since their last fine, the longest-behaved first. */
export function DaysSinceLastFine({ members }: { members: Insights["daysSinceLastFine"] }) {
  const longest = (days: number | null) => (days === null ? Number.POSITIVE_INFINITY : days);
  const sorted = [...members].sort((a, b) => longest(b.days) - longest(a.days));
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
      {sorted.map((member) => (
        <div key={member.userId} className="contents">
          <dt className="min-w-0 truncate">{member.name}</dt>
          <dd className="text-right font-medium tabular-nums">{formatDaysSince(member.days)}</dd>
        </div>
      ))}
    </dl>
  );
}
