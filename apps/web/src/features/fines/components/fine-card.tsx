import type { ReactNode } from "react";
import { Info, Vote } from "lucide-react";
import { CANCELLED_ON_APPEAL_REASON, type Fine } from "@housemate/contract";
import { FineStatusBadge } from "@/components/fine-status-badge";
import { Button } from "@/components/ui/button";
import { formatCurrency, formatDate } from "@/lib/format";
import { fineCancelReason, fineStatusLook } from "@/lib/fine-status";
import { cn } from "@/lib/utils";
import { parseFineDescription } from "../utils/fine-description";
import { DisputeSections } from "./dispute-sections";
import { EvidenceViewer } from "./evidence-viewer";
import { useFineViewer } from "./fine-viewer";

export interface FineCardProps {
  fine: Fine;
  /** One tight row for lists on the dashboard; the full card shows the description and dispute blocks. */
  compact?: boolean;
  /** Shows a details button when given. */
  onViewDetails?: () => void;
  /** Pay, dispute or review buttons, as the viewer may use them. */
  actions?: ReactNode;
  /** Extra lines under the description (the offender's dispute status). */
  children?: ReactNode;
  className?: string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Ana fined you": who issued the fine to whom, as the viewer reads it. */
function useParties(fine: Fine) {
  const { memberName } = useFineViewer();
  return `${capitalise(memberName(fine.created_by))} fined ${memberName(fine.offender_id)}`;
}

function Amount({ fine, className }: { fine: Fine; className?: string }) {
  const { currency } = useFineViewer();
  // A written-off amount is struck through: nobody owes it, and it never reached the fund.
  return (
    <p className={cn("font-bold tabular-nums", fine.status === "cancelled" && "line-through opacity-70", className)}>
      {formatCurrency(fine.amount, currency)}
    </p>
  );
}

/** Issue 21: an open appeal's state, as a card's line says it; null when the fine has none open. */
export function underAppealText(fine: Pick<Fine, "appeal">): string | null {
  return fine.appeal?.status === "open" ? `Under appeal until ${formatDate(fine.appeal.closes_at)}` : null;
}

function DetailsButton({ onClick, compact = false }: { onClick: () => void; compact?: boolean }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} className={cn(compact && "px-2 @md:px-3")}>
      <Info aria-hidden="true" />
      {/* In a narrow compact row only the icon shows, so the row's buttons stay on one line (its skeleton's). */}
      <span className={cn(compact && "sr-only @md:not-sr-only")}>Details</span>
    </Button>
  );
}

/** One fine (SPEC §2): title, parties, date, amount in the household's currency, status look and evidence. */
export function FineCard({ fine, compact = false, onViewDetails, actions, children, className }: FineCardProps) {
  const { ruleTitle } = useFineViewer();
  const parties = useParties(fine);
  const title = ruleTitle(fine.rule_id) ?? "Fine";
  const look = fineStatusLook(fine);
  const reason = fineCancelReason(fine);
  // The house's cancellation says itself in the badge; a write-off also says why.
  const writtenOff = reason !== CANCELLED_ON_APPEAL_REASON ? reason : null;
  const underAppeal = underAppealText(fine);
  const dates = fine.paid_at
    ? `${formatDate(fine.created_at)} · paid ${formatDate(fine.paid_at)}`
    : formatDate(fine.created_at);

  if (compact) {
    return (
      <article
        aria-label={title}
        // Focusable from script only: where focus goes back to once the fine is paid (fine-actions.tsx).
        tabIndex={-1}
        className={cn(
          "@container rounded-md border border-l-4 bg-card px-3 py-2.5 outline-none focus-visible:ring-2 focus-visible:ring-ring",
          look.accent,
          className,
        )}
      >
        <div className="flex flex-col gap-2 @xl:flex-row @xl:items-center @xl:gap-4">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <div className="min-w-0 flex-1">
              {/* One line each, however long: every row of a page has the same height as its skeleton. */}
              <h3 className="truncate text-sm font-semibold" title={title}>
                {title}
              </h3>
              <p className="truncate text-xs text-muted-foreground">
                {parties} · {formatDate(fine.created_at)}
                {writtenOff && ` · ${writtenOff}`}
                {underAppeal && " · "}
                {underAppeal && (
                  // Focusable from script: where focus goes once the fine is appealed (appeal-offer.tsx).
                  <span
                    data-under-appeal
                    tabIndex={-1}
                    className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {underAppeal}
                  </span>
                )}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <Amount fine={fine} className="text-sm" />
              <FineStatusBadge fine={fine} />
            </div>
          </div>
          {/* Actions on the left, looking on the right; one line when the row is wide enough. On a phone each is a
              thumb's target: 44 px at least (issue 18). */}
          <div className="flex flex-wrap items-center gap-1.5 empty:hidden max-sm:[&_button]:min-h-11 max-sm:[&_button]:min-w-11">
            <div className="flex flex-wrap gap-1.5 empty:hidden">{actions}</div>
            <div className="ml-auto flex items-center gap-1 empty:hidden">
              <EvidenceViewer evidence={fine.evidence} compact />
              {onViewDetails && <DetailsButton onClick={onViewDetails} compact />}
            </div>
          </div>
        </div>
      </article>
    );
  }

  const { text, sections } = parseFineDescription(fine.description);
  return (
    <article
      aria-label={title}
      tabIndex={-1}
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-l-4 bg-card p-4 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
        look.accent,
        className,
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold leading-tight break-words">{title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{parties}</p>
          <p className="text-xs text-muted-foreground">{dates}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <Amount fine={fine} className="text-lg" />
          <FineStatusBadge fine={fine} />
        </div>
      </div>
      {writtenOff && (
        <p className="text-sm text-muted-foreground">{`Written off: ${writtenOff}. Nobody owes it now.`}</p>
      )}
      {underAppeal && (
        // Focusable from script: where focus goes once the fine is appealed (appeal-offer.tsx).
        <p
          data-under-appeal
          tabIndex={-1}
          className="flex items-center gap-1.5 rounded-sm text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Vote className="size-4 shrink-0" aria-hidden="true" />
          {underAppeal}
        </p>
      )}
      {text && <p className="text-sm break-words whitespace-pre-line">{text}</p>}
      <DisputeSections sections={sections} />
      {children}
      {/* A line of its own: with the photos' thumbnails, it is wider than a button. */}
      <EvidenceViewer evidence={fine.evidence} />
      <div className="flex flex-wrap items-center gap-2 empty:hidden">
        {actions}
        {onViewDetails && <DetailsButton onClick={onViewDetails} />}
      </div>
    </article>
  );
}
