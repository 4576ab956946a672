import type { Fine } from "@housemate/contract";
import { formatCurrency, formatDate } from "@/lib/format";
import { useFineViewer } from "./fine-viewer";

export interface FineSummaryProps {
  fine: Fine;
  /**
   * The other party, as the dialog's user needs them: the offender disputing a fine wants to know who issued it,
   * the issuer reviewing a dispute who disputed it, a housemate voting on an appeal both (issue 21).
   */
  party: "issuer" | "disputer" | "both";
}

/** Which fine a dialog is about: its rule, amount in the household's currency, the other party and its date. */
export function FineSummary({ fine, party }: FineSummaryProps) {
  const { currency, memberName, ruleTitle } = useFineViewer();
  const title = ruleTitle(fine.rule_id) ?? "Fine";
  const who = {
    issuer: `Issued by ${memberName(fine.created_by)}`,
    disputer: `Disputed by ${memberName(fine.offender_id)}`,
    both: `${memberName(fine.created_by)} fined ${memberName(fine.offender_id)}`.replace(/^y/, "Y"),
  }[party];
  return (
    <section aria-label="The fine" className="flex items-start gap-3 rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{title}</p>
        <p className="text-muted-foreground">
          {who} · {formatDate(fine.created_at)}
        </p>
      </div>
      <p className="shrink-0 font-bold tabular-nums">{formatCurrency(fine.amount, currency)}</p>
    </section>
  );
}
