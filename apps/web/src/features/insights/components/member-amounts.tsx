import type { InsightsMember } from "@housemate/contract";
import { formatCurrency } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ChartTable, Legend } from "./insight-card";

const SERIES = [
  { key: "owed", label: "Owed", className: "bg-destructive" },
  { key: "paid", label: "Paid", className: "bg-success" },
  { key: "issued", label: "Issued", className: "bg-primary" },
] as const;

/** Amount per member: a bar for what each owes, has paid and has issued, on one scale so they compare. */
export function MemberAmounts({
  members,
  currency,
}: {
  members: readonly InsightsMember[];
  currency: string | undefined;
}) {
  const highest = Math.max(0.01, ...members.flatMap((member) => SERIES.map((series) => member[series.key])));
  return (
    <div className="flex flex-col gap-4">
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-col gap-1">
            <span className="truncate text-sm font-medium">{member.name}</span>
            {SERIES.map((series) => (
              <div key={series.key} className="flex items-center gap-2 text-xs text-muted-foreground">
                <div className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
                  <div
                    className={cn("h-full rounded-full", series.className)}
                    style={{ width: `${(member[series.key] / highest) * 100}%` }}
                  />
                </div>
                <span className="w-24 shrink-0 text-right tabular-nums">
                  {series.label} {formatCurrency(member[series.key], currency)}
                </span>
              </div>
            ))}
          </li>
        ))}
      </ul>
      <Legend series={SERIES} />
      <ChartTable caption="Amount per member">
        <thead>
          <tr>
            <th scope="col">Member</th>
            {SERIES.map((series) => (
              <th key={series.key} scope="col">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <th scope="row">{member.name}</th>
              {SERIES.map((series) => (
                <td key={series.key}>{formatCurrency(member[series.key], currency)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </div>
  );
}
