import type { ReactNode } from "react";
import type { Rule } from "@housemate/contract";
import { Badge } from "@/components/ui/badge";
import { formatCurrency } from "@/lib/format";

export interface RuleCardProps {
  rule: Rule;
  currency: string;
  /** Edit and delete buttons. */
  actions?: ReactNode;
}

/** One house rule (SPEC §2): title, description, default fine and the 'Active' badge every rule wears. */
export function RuleCard({ rule, currency, actions }: RuleCardProps) {
  return (
    <article aria-label={rule.title} className="flex h-full flex-col gap-3 rounded-lg border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold leading-tight break-words">{rule.title}</h3>
        <Badge variant="success" className="shrink-0">
          Active
        </Badge>
      </div>
      <p className="flex-1 text-sm break-words whitespace-pre-line text-muted-foreground">{rule.description}</p>
      <div className="flex items-end justify-between gap-3 border-t pt-3">
        <div>
          <p className="text-xs text-muted-foreground">Fine</p>
          <p className="text-xl font-bold tabular-nums">{formatCurrency(rule.fine_amount, currency)}</p>
        </div>
        {actions && <div className="flex gap-1">{actions}</div>}
      </div>
    </article>
  );
}
