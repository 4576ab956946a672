import { Link } from "react-router";
import { ACTIVITY_KIND_LABELS, type ActivityEntry } from "@housemate/contract";
import { Avatar } from "@/components/avatar";
import { exactTime, relativeTime } from "../utils/activity-time";
import type { ActivityTarget } from "../utils/activity-target";

export interface ActivityEntryRowProps {
  entry: ActivityEntry;
  sentence: string;
  target: ActivityTarget;
  /** The actor's photo, as the household's members show it (null for a former member or Housemate itself). */
  photoUrl: string | null;
  now: Date;
  onOpenFine: (fineId: string) => void;
}

// Underlined faintly, so an entry that leads somewhere reads differently from one whose object is gone.
const LINK_CLASS =
  "rounded-sm underline decoration-muted-foreground/40 underline-offset-4 outline-none hover:decoration-current focus-visible:ring-2 focus-visible:ring-ring";

/**
 * One entry: who did it (their picture), what happened as a sentence that leads to its object, the kind and when.
 * The sentence is the link's text, so a screen reader's list of links reads as the log does.
 */
export function ActivityEntryRow({ entry, sentence, target, photoUrl, now, onOpenFine }: ActivityEntryRowProps) {
  return (
    // Focusable from script only: where focus goes when 'Load older' brings it in.
    <article
      aria-label={sentence}
      tabIndex={-1}
      className="flex items-start gap-3 py-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Avatar displayName={entry.actor.name} photoUrl={photoUrl} className="size-8 text-xs" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm break-words">
          {target === null ? (
            sentence
          ) : "fine" in target ? (
            <button type="button" className={`${LINK_CLASS} text-left`} onClick={() => onOpenFine(target.fine)}>
              {sentence}
            </button>
          ) : (
            <Link to={target.to} className={LINK_CLASS}>
              {sentence}
            </Link>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <span>{ACTIVITY_KIND_LABELS[entry.kind]}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={entry.created_at} title={exactTime(entry.created_at)}>
            {relativeTime(entry.created_at, now)}
          </time>
        </p>
      </div>
    </article>
  );
}

/** An entry while the log loads: the same avatar and two lines. */
export function ActivityEntrySkeleton() {
  return (
    <div className="flex items-start gap-3 py-3" aria-hidden="true">
      <span className="block size-8 shrink-0 rounded-full bg-muted" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 pt-1">
        <span className="h-3.5 w-3/5 rounded-md bg-muted" />
        <span className="h-3 w-1/4 rounded-md bg-muted" />
      </div>
    </div>
  );
}
