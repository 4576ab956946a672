import type { ActivityEntry, ActivitySubject, ActivitySubjectType } from "@housemate/contract";
import { isRecord } from "@/lib/is-record";

/** Where an entry leads: a fine's 'Fine Details' dialog, a page, or nowhere (its object is gone). */
export type ActivityTarget = { fine: string } | { to: string } | null;

/** The page that shows each kind of object (a fine opens its dialog instead). */
const PAGE_OF: Record<Exclude<ActivitySubjectType, "fine">, string> = {
  rule: "/dashboard/rules",
  // The notes board is on the dashboard.
  note: "/dashboard",
  member: "/dashboard/household",
  household: "/dashboard/household",
  invite: "/dashboard/household",
  proposal: "/dashboard/fund",
  transaction: "/dashboard/fund",
};

/** The entries whose object the change itself removed: nothing left to link to. */
const DELETES = new Set<ActivityEntry["kind"]>(["rule.deleted", "note.deleted"]);

/**
 * Where `entry` links. `isGone` says whether its object has since been deleted: the log keeps the entry (a rule's
 * creation stays in it after the rule is deleted) but a link would lead to nothing, so there is none.
 */
export function activityTarget(entry: ActivityEntry, isGone: (subject: ActivitySubject) => boolean): ActivityTarget {
  const { subject } = entry;
  if (DELETES.has(entry.kind) || isGone(subject)) return null;
  return subject.type === "fine" ? { fine: subject.id } : { to: PAGE_OF[subject.type] };
}

/** Everyone an entry names with their id: the actor and the people in its details (offender, member, inviter). */
export function peopleOf(entry: ActivityEntry): { id: string; name: string }[] {
  // Read as unknown: an edit kind's details hold field values, not only people.
  const details: unknown[] = Object.values(entry.details);
  const people = [entry.actor, ...details];
  return people.flatMap((value) =>
    isRecord(value) && typeof value.id === "string" && typeof value.name === "string"
      ? [{ id: value.id, name: value.name }]
      : [],
  );
}
