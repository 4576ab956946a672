/**
 * The household's activity log (issue 20, docs/decisions/042): its kinds, the groups the Activity page filters by,
 * the labels it shows, and its paging limits.
 *
 * A module of values/: no schema library (docs/decisions/033). The schemas are in ../activity.ts.
 */

/**
 * Every kind of entry. A change writes one entry for the object it changes, and one more for each other object it
 * changed as a consequence: a member leaving also writes `fine.written_off` for each fine written off and
 * `proposal.decided` for each proposal their departure decided; a vote that decides its proposal writes
 * `proposal.voted` and then `proposal.decided`.
 */
export const ACTIVITY_KINDS = [
  "rule.created",
  "rule.edited",
  "rule.deleted",
  "fine.issued",
  "fine.edited",
  "fine.paid",
  "fine.disputed",
  "fine.reviewed",
  "fine.written_off",
  "fine.appealed",
  "fine.appeal_decided",
  "member.joined",
  "member.left",
  "member.removed",
  "member.role_changed",
  "member.away_changed",
  "household.created",
  "household.updated",
  "household.join_code_reset",
  "household.plan_changed",
  "invite.created",
  "invite.revoked",
  "note.added",
  "note.edited",
  "note.deleted",
  "note.reordered",
  "proposal.created",
  "proposal.voted",
  "proposal.withdrawn",
  "proposal.decided",
  "fund.reversed",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The Activity page's kind filter: each group a `kind` value of its own, standing for all its kinds. */
export const ACTIVITY_GROUPS = ["rules", "fines", "members", "household", "notes", "fund"] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number];

export const ACTIVITY_GROUP_KINDS: Record<ActivityGroup, readonly ActivityKind[]> = {
  rules: ["rule.created", "rule.edited", "rule.deleted"],
  fines: [
    "fine.issued",
    "fine.edited",
    "fine.paid",
    "fine.disputed",
    "fine.reviewed",
    "fine.written_off",
    "fine.appealed",
    "fine.appeal_decided",
  ],
  members: ["member.joined", "member.left", "member.removed", "member.role_changed", "member.away_changed"],
  household: [
    "household.created",
    "household.updated",
    "household.join_code_reset",
    "household.plan_changed",
    "invite.created",
    "invite.revoked",
  ],
  notes: ["note.added", "note.edited", "note.deleted", "note.reordered"],
  fund: ["proposal.created", "proposal.voted", "proposal.withdrawn", "proposal.decided", "fund.reversed"],
};

export const ACTIVITY_GROUP_LABELS: Record<ActivityGroup, string> = {
  rules: "Rules",
  fines: "Fines",
  members: "Members",
  household: "Household",
  notes: "Notes",
  fund: "Fund",
};

/** Short labels of single kinds, for the filter's finer choices and an entry's badge. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  "rule.created": "Rule added",
  "rule.edited": "Rule edited",
  "rule.deleted": "Rule deleted",
  "fine.issued": "Fine issued",
  "fine.edited": "Fine edited",
  "fine.paid": "Fine paid",
  "fine.disputed": "Fine disputed",
  "fine.reviewed": "Dispute reviewed",
  "fine.written_off": "Fine written off",
  "fine.appealed": "Fine appealed",
  "fine.appeal_decided": "Appeal decided",
  "member.joined": "Member joined",
  "member.left": "Member left",
  "member.removed": "Member removed",
  "member.role_changed": "Role changed",
  "member.away_changed": "Away changed",
  "household.created": "Household created",
  "household.updated": "Settings changed",
  "household.join_code_reset": "Household ID reset",
  "household.plan_changed": "Plan changed",
  "invite.created": "Invite link made",
  "invite.revoked": "Invite link revoked",
  "note.added": "Note added",
  "note.edited": "Note edited",
  "note.deleted": "Note deleted",
  "note.reordered": "Notes reordered",
  "proposal.created": "Spending proposed",
  "proposal.voted": "Vote cast",
  "proposal.withdrawn": "Proposal withdrawn",
  "proposal.decided": "Proposal decided",
  "fund.reversed": "Transaction reversed",
};

/** The group a kind belongs to. */
export const activityGroupOf = (kind: ActivityKind): ActivityGroup =>
  ACTIVITY_GROUPS.find((group) => ACTIVITY_GROUP_KINDS[group].includes(kind)) ?? "household";

/** What an entry concerns, so the page can link to it. */
export const ACTIVITY_SUBJECT_TYPES = [
  "rule",
  "fine",
  "member",
  "household",
  "invite",
  "note",
  "proposal",
  "transaction",
] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number];

/** The actor of an entry nobody did: a proposal failed at its closing time. */
export const SYSTEM_ACTOR_NAME = "Housemate";

export const ACTIVITY_PAGE_DEFAULT = 30;
export const ACTIVITY_PAGE_MAX = 100;
/** 400: a `before` cursor that is not one of ours. */
export const ACTIVITY_INVALID_CURSOR_MESSAGE =
  "This page of activity no longer exists. Start again from the first page.";
/** 400: a `kind` filter naming neither a group nor a kind. */
export const ACTIVITY_KIND_MESSAGE = "Filter by a group (rules, fines, members, household, notes, fund) or a kind.";

/**
 * A `kind` filter's kinds: a comma-separated list of groups and single kinds (`fines,rule.deleted`), in
 * ACTIVITY_KINDS' order without repeats; null when an item is neither.
 */
export function expandActivityKinds(filter: string): ActivityKind[] | null {
  const wanted = new Set<ActivityKind>();
  for (const raw of filter.split(",")) {
    const item = raw.trim();
    const group = ACTIVITY_GROUPS.find((name) => name === item);
    const kind = ACTIVITY_KINDS.find((name) => name === item);
    if (group) for (const member of ACTIVITY_GROUP_KINDS[group]) wanted.add(member);
    else if (kind) wanted.add(kind);
    else return null;
  }
  return ACTIVITY_KINDS.filter((kind) => wanted.has(kind));
}
