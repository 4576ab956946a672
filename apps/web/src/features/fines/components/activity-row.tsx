import { lazy, Suspense, useState } from "react";
import type { Fine } from "@housemate/contract";
import { Avatar } from "@/components/avatar";
import { FineStatusBadge } from "@/components/fine-status-badge";
import { formatCurrency, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useFineViewer } from "./fine-viewer";

// Loaded when first opened, as FineItem's is: most visits open no details.
const FineDetailsDialog = lazy(() =>
  import("./fine-details-dialog").then((module) => ({ default: module.FineDetailsDialog })),
);

/** Every activity row and its skeleton is this tall, so a page of them never moves what is below. */
const ROW_CLASS = "relative flex h-16 items-center gap-2 px-1 sm:gap-3";

const PAIR_CLASS = "flex w-[3.125rem] shrink-0 items-center sm:w-[3.75rem]";
const AVATAR_CLASS = "size-7 text-[11px] ring-2 ring-card sm:size-8 sm:text-xs";
const SECOND_CLASS = "-ml-1.5 sm:-ml-1";

/** The issuer's avatar overlapping the offender's, in the sentence's order: who fined whom, at a glance. */
function Parties({ fine }: { fine: Fine }) {
  const { person } = useFineViewer();
  const issuer = person(fine.created_by);
  const offender = person(fine.offender_id);
  return (
    // Closer together on a phone, where the names need the width.
    <span className={PAIR_CLASS} aria-hidden="true">
      <Avatar displayName={issuer.name} photoUrl={issuer.photoUrl} className={AVATAR_CLASS} />
      <Avatar displayName={offender.name} photoUrl={offender.photoUrl} className={cn(AVATAR_CLASS, SECOND_CLASS)} />
    </span>
  );
}

/**
 * One line of Recent Activity, as the landing page's preview draws it: both people's avatars, 'Sam fined Alex', the rule
 * and date, the amount and the status pill. The whole row opens 'Fine Details' (SPEC §2).
 */
export function ActivityRow({ fine }: { fine: Fine }) {
  const { currency, person, ruleTitle } = useFineViewer();
  const [details, setDetails] = useState<"never" | "open" | "closed">("never");
  // Names as the household knows them, not 'you': the row reads the same to everyone, as the preview's does.
  const parties = `${person(fine.created_by).name} fined ${person(fine.offender_id).name}`;
  const title = ruleTitle(fine.rule_id) ?? "Fine";

  return (
    <>
      {/* An article named by its rule, as every listed fine is (a screen reader's and a test's way to count them). */}
      <article aria-label={title} className={cn(ROW_CLASS, "rounded-md transition-colors hover:bg-muted/60")}>
        <Parties fine={fine} />
        <div className="min-w-0 flex-1">
          {/* Two lines at most, so a phone shows both names; every row keeps the same height all the same. */}
          <p className="line-clamp-2 text-sm leading-tight font-semibold break-words">{parties}</p>
          <p className="truncate text-xs text-muted-foreground" title={title}>
            {title} · {formatDate(fine.created_at)}
          </p>
        </div>
        {/* Amount over status on a phone, side by side where there is room, as in the preview. */}
        <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
          <p className={cn("text-sm font-bold tabular-nums", fine.status === "cancelled" && "line-through opacity-70")}>
            {formatCurrency(fine.amount, currency)}
          </p>
          <span className="flex justify-end sm:w-[5.5rem]">
            <FineStatusBadge fine={fine} />
          </span>
        </div>
        {/* The row's one button, stretched over it: one tab stop, named by what it opens. */}
        <button
          type="button"
          aria-label={`Details: ${title}, ${parties}`}
          onClick={() => setDetails("open")}
          className="absolute inset-0 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </article>
      {details !== "never" && (
        <Suspense fallback={null}>
          <FineDetailsDialog
            fine={fine}
            disputeFor="issuer"
            open={details === "open"}
            onOpenChange={(open) => setDetails(open ? "open" : "closed")}
          />
        </Suspense>
      )}
    </>
  );
}

/** An activity row while it loads: the same height, avatar and lines. */
export function ActivityRowSkeleton() {
  return (
    <div className={ROW_CLASS} aria-hidden="true">
      <span className={PAIR_CLASS}>
        <span className={cn(AVATAR_CLASS, "block rounded-full bg-muted")} />
        <span className={cn(AVATAR_CLASS, SECOND_CLASS, "block rounded-full bg-muted")} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <span className="h-3.5 w-2/5 rounded-md bg-muted" />
        <span className="h-3 w-3/5 rounded-md bg-muted" />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
        <span className="h-3.5 w-12 rounded-md bg-muted" />
        <span className="flex justify-end sm:w-[5.5rem]">
          <span className="h-5 w-16 rounded-full bg-muted" />
        </span>
      </div>
    </div>
  );
}
