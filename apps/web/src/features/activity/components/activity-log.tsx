import { useEffect, useMemo, useRef, useState } from "react";
import { History } from "lucide-react";
import { FORMER_MEMBER_NAME, type ActivitySubject } from "@housemate/contract";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { NotAvailableOffline, waitsForNetwork } from "@/components/not-available-offline";
import { useActivity } from "../api/get-activity";
import { activitySentence } from "../utils/activity-sentence";
import {
  hasActivityFilters,
  isRangeBackwards,
  NO_ACTIVITY_FILTERS,
  withActivityFilter,
  type ActivitySearch,
} from "../utils/activity-search";
import { activityTarget, peopleOf } from "../utils/activity-target";
import { byDay } from "../utils/activity-time";
import { ActivityEntryRow, ActivityEntrySkeleton } from "./activity-entry";
import { ActivityFilters, type MemberChoice } from "./activity-filters";

export const ACTIVITY_LOAD_FAILED = "Failed to load activity. Please try again.";
const SKELETON_ROWS = 6;
/** Relative times ('5 minutes ago') are brought up to date this often. */
const CLOCK_TICK_MS = 60_000;

export interface ActivityLogProps {
  householdId: string;
  currency: string | undefined;
  /** The household's members now; undefined until they are known (nobody is a former member before then). */
  members: readonly MemberChoice[] | undefined;
  /** A member's photo by id, as the fine rows show it. */
  photoOf: (id: string | null) => string | null;
  /** Whether an entry's object has since been deleted (then it shows no link). */
  isGone: (subject: ActivitySubject) => boolean;
  search: ActivitySearch;
  onSearchChange: (search: ActivitySearch) => void;
  /** Opens the fine's 'Fine Details', as the fines screens do. */
  onOpenFine: (fineId: string) => void;
}

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Issue 20's activity log: the household's changes, newest first, a server page at a time, under their days. */
export function ActivityLog(props: ActivityLogProps) {
  const { householdId, currency, members, photoOf, isGone, search, onSearchChange, onOpenFine } = props;
  const rangeBackwards = isRangeBackwards(search);
  const log = useActivity(householdId, search, { enabled: !rangeBackwards });
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.data) ?? [], [log.data]);
  const now = useNow();
  const filtered = hasActivityFilters(search);
  const clear = () => onSearchChange(NO_ACTIVITY_FILTERS);
  const list = useRef<HTMLDivElement>(null);
  // Focus goes to the first older entry once it is on screen: the keyboard carries on reading where the list grew,
  // and is not left on <body> when the last page takes the button away.
  const focusWhenShown = useRef<number | null>(null);
  useEffect(() => {
    const index = focusWhenShown.current;
    const article = index === null ? undefined : list.current?.querySelectorAll<HTMLElement>("article")[index];
    if (!article) return;
    focusWhenShown.current = null;
    article.focus();
  }, [entries]);
  const loadOlder = async () => {
    focusWhenShown.current = entries.length;
    const { isError } = await log.fetchNextPage();
    if (isError) focusWhenShown.current = null;
  };

  // Former members too: whoever the entries read so far name by id, kept while other filters are tried (a member
  // who left is still a choice after filtering by someone else), and whoever a shared link filters by.
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(new Map());
  // Updated while rendering, as React advises for state that follows other state: no second pass through an effect.
  const unseen = entries.flatMap(peopleOf).filter((person) => !seen.has(person.id));
  if (unseen.length > 0) setSeen(new Map([...seen, ...unseen.map((person) => [person.id, person.name] as const)]));
  const memberChoices = useMemo(() => {
    // Only once the members are in: until then everyone would read as former.
    if (!members) return [];
    const choices = new Map(members.map((member) => [member.id, member.name]));
    for (const [id, name] of seen) if (!choices.has(id)) choices.set(id, name);
    if (search.member && !choices.has(search.member)) choices.set(search.member, FORMER_MEMBER_NAME);
    return [...choices].map(([id, name]) => ({ id, name }));
  }, [members, seen, search.member]);

  const body = rangeBackwards ? null : waitsForNetwork(log) ? (
    <NotAvailableOffline />
  ) : log.isPending ? (
    <div role="status" aria-label="Loading activity" className="flex flex-col divide-y">
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <ActivityEntrySkeleton key={row} />
      ))}
    </div>
  ) : log.isError && entries.length === 0 ? (
    <LoadError message={ACTIVITY_LOAD_FAILED} onRetry={() => void log.refetch()} />
  ) : entries.length === 0 ? (
    <div className="flex flex-col items-center gap-3">
      <EmptyState
        icon={<History />}
        title={filtered ? "Nothing matches these filters" : "No activity yet"}
        hint={filtered ? undefined : "Changes in your household will show up here."}
        className="w-full"
      />
      {filtered && (
        <Button variant="outline" size="sm" onClick={clear}>
          Clear filters
        </Button>
      )}
    </div>
  ) : (
    <div ref={list} className="flex flex-col gap-4">
      {byDay(entries, now).map((day) => (
        <section key={day.heading} aria-label={day.heading}>
          <h2 className="border-b pb-1 text-sm font-semibold text-muted-foreground">{day.heading}</h2>
          <ul className="flex flex-col divide-y">
            {day.entries.map((entry) => (
              <li key={entry.id}>
                <ActivityEntryRow
                  entry={entry}
                  sentence={activitySentence(entry, currency)}
                  target={activityTarget(entry, isGone)}
                  photoUrl={photoOf(entry.actor.id)}
                  now={now}
                  onOpenFine={onOpenFine}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <LoadOlder log={log} onLoad={() => void loadOlder()} />
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <ActivityFilters
        search={search}
        members={memberChoices}
        onFilterChange={(name, value) => onSearchChange(withActivityFilter(search, name, value))}
        onClear={filtered ? clear : undefined}
      />
      <Card>
        <CardContent className="p-4 sm:p-5">{body}</CardContent>
      </Card>
    </div>
  );
}

/** The foot of the list: 'Load older' while there is an older page, its progress and failure read out. */
function LoadOlder({ log, onLoad }: { log: ReturnType<typeof useActivity>; onLoad: () => void }) {
  const failed = log.isFetchNextPageError;
  return (
    <div className="flex flex-col items-center gap-2">
      {/* Always in the page, so a screen reader hears what it comes to say. */}
      <p aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {log.isFetchingNextPage
          ? "Loading older activity..."
          : failed
            ? ACTIVITY_LOAD_FAILED
            : log.hasNextPage
              ? ""
              : "No older activity."}
      </p>
      {log.hasNextPage && (
        <Button variant="outline" disabled={log.isFetchingNextPage} aria-busy={log.isFetchingNextPage} onClick={onLoad}>
          {log.isFetchingNextPage && <Spinner label="Loading" className="size-4" aria-hidden="true" />}
          {failed ? "Try again" : "Load older"}
        </Button>
      )}
    </div>
  );
}
