import type {
  ActivityDetailsByKind,
  ActivityEntry,
  ActivityKind,
  ActivityPerson,
  ActivitySubjectType,
} from "@housemate/contract";

export const ALEX: ActivityPerson = { id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", name: "Alex" };
export const BLAIR: ActivityPerson = { id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", name: "Blair" };
/** Left the household, account kept: still named, with their id. */
export const SAM: ActivityPerson = { id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc", name: "Sam" };
export const RULE_ID = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
export const NOTE_ID = "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee";
export const FINE_ID = "ffffffff-ffff-4fff-8fff-ffffffffffff";
const OTHER_ID = "99999999-9999-4999-8999-999999999999";
/** The page reads no entry's household (the route is the household's): any id does. */
const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";

const fine = { offender: BLAIR, amount: 2, rule_title: "Dishes" };
const proposal = { title: "Pizza night", amount: 20 };

/** One entry's details for every kind: a mapped type, so a kind added to the contract needs its sample here. */
export const SAMPLE_DETAILS: ActivityDetailsByKind = {
  "rule.created": { title: "Dishes", description: "Wash up after dinner", fine_amount: 1 },
  "rule.edited": { title: "Dishes", before: { fine_amount: 1 }, after: { fine_amount: 2 } },
  "rule.deleted": { title: "Dishes", fine_amount: 2 },
  "fine.issued": { ...fine, description: "Left overnight" },
  "fine.edited": { ...fine, before: { amount: 1 }, after: { amount: 2 }, evidence_changed: false },
  "fine.paid": { ...fine, transaction_id: OTHER_ID },
  "fine.disputed": { ...fine, reason: "I did them" },
  "fine.reviewed": { ...fine, outcome: "declined", reason: "Photo says otherwise" },
  "fine.written_off": { ...fine, reason: "Left the household" },
  "fine.appealed": { ...fine, reason: "Sam saw me wash up", closes_at: "2026-03-14T10:00:00.000Z" },
  "fine.appeal_decided": {
    ...fine,
    status: "cancelled",
    outcome_reason: "majority",
    tally: { uphold: 1, cancel: 2 },
    votes: [
      { voter: SAM, vote: "cancel" },
      { voter: ALEX, vote: "cancel" },
    ],
  },
  "member.joined": { member: BLAIR, via: "join_code" },
  "member.left": { member: SAM, account_deleted: false, fines_written_off: 2, amount_written_off: 4 },
  "member.removed": { member: SAM, fines_written_off: 0, amount_written_off: 0 },
  "member.role_changed": { member: BLAIR, from: "member", to: "admin" },
  "member.away_changed": { member: ALEX, from: null, to: "2026-12-03" },
  "household.created": { name: "The Cozy Flat", iso_4217_code: "GBP" },
  "household.updated": { before: { name: "The Flat" }, after: { name: "The Cozy Flat" } },
  "household.join_code_reset": {},
  "household.plan_changed": { from: "basic", to: "pro" },
  "invite.created": { expires: "2026-03-11T10:00:00.000Z" },
  "invite.revoked": { created_by: BLAIR },
  "note.added": { content: "Buy milk", color: "yellow" },
  "note.edited": { before: { content: "Buy milk" }, after: { content: "Buy oat milk" } },
  "note.deleted": { content: "Buy oat milk", color: "yellow" },
  "note.reordered": { count: 3 },
  "proposal.created": proposal,
  "proposal.voted": { ...proposal, vote: "yes" },
  "proposal.withdrawn": proposal,
  "proposal.decided": { ...proposal, outcome: "passed", reason: "", transaction_id: OTHER_ID },
  "fund.reversed": { correction_id: OTHER_ID, amount: 2.5, description: "Dishes left overnight", reason: "Typo" },
};

/** Each kind's sentence for its sample entry (Alex did it): a Record, so a new kind needs its sentence here too. */
export const SAMPLE_SENTENCES: Record<ActivityKind, string> = {
  "rule.created": "Alex added the rule Dishes (£1.00)",
  "rule.edited": "Alex changed Dishes: £1.00 → £2.00",
  "rule.deleted": "Alex deleted the rule Dishes (£2.00)",
  "fine.issued": "Alex fined Blair £2.00 for Dishes",
  "fine.edited": "Alex changed Blair’s fine for Dishes: £1.00 → £2.00",
  "fine.paid": "Alex paid Blair’s £2.00 fine for Dishes",
  "fine.disputed": "Alex disputed Blair’s £2.00 fine for Dishes",
  "fine.reviewed": "Alex declined Blair’s dispute of a £2.00 fine for Dishes",
  "fine.written_off": "A £2.00 fine for Dishes was written off when Blair left",
  "fine.appealed": "Alex appealed Blair’s £2.00 fine for Dishes to the house",
  "fine.appeal_decided": "Appeal of Blair’s £2.00 fine for Dishes: Cancelled by the house, 2 votes to 1",
  "member.joined": "Blair joined",
  "member.left": "Sam left; 2 fines (£4.00) written off",
  "member.removed": "Alex removed Sam",
  "member.role_changed": "Alex made Blair an admin",
  "member.away_changed": "Alex is away until 3 December",
  "household.created": "Alex created the household The Cozy Flat (GBP)",
  "household.updated": "Alex changed the household’s settings: name The Flat → The Cozy Flat",
  "household.join_code_reset": "Alex reset the Household ID",
  "household.plan_changed": "The household moved to Housemate Pro",
  "invite.created": "Alex made an invite link (expires Mar 11, 2026)",
  "invite.revoked": "Alex revoked Blair’s invite link",
  "note.added": "Alex added a note: ‘Buy milk’",
  "note.edited": "Alex edited a note: ‘Buy oat milk’",
  "note.deleted": "Alex deleted a note: ‘Buy oat milk’",
  "note.reordered": "Alex reordered the notes",
  "proposal.created": "Alex proposed spending £20.00 on Pizza night",
  "proposal.voted": "Alex voted for spending £20.00 on Pizza night",
  "proposal.withdrawn": "Alex withdrew the proposal to spend £20.00 on Pizza night",
  "proposal.decided": "The proposal to spend £20.00 on Pizza night passed",
  "fund.reversed": "Alex reversed ‘Dishes left overnight’ (£2.50): Typo",
};

const SUBJECT_TYPE: Record<string, ActivitySubjectType> = {
  rule: "rule",
  fine: "fine",
  member: "member",
  household: "household",
  invite: "invite",
  note: "note",
  proposal: "proposal",
  fund: "transaction",
};
const SUBJECT_ID: Partial<Record<ActivitySubjectType, string>> = { rule: RULE_ID, note: NOTE_ID, fine: FINE_ID };

let sequence = 0;

/** An entry as the server sends it: Alex did it at 10:00 UTC on Mar 4, 2026, about its kind's usual object. */
export function activityEntry<K extends ActivityKind>(
  kind: K,
  details: ActivityDetailsByKind[K] = SAMPLE_DETAILS[kind],
  overrides: Partial<Pick<ActivityEntry, "id" | "actor" | "created_at" | "subject">> = {},
): ActivityEntry {
  sequence += 1;
  const type = SUBJECT_TYPE[kind.split(".")[0] ?? ""] ?? "household";
  // The contract's union pairs each kind with its details, which TypeScript cannot see through the generic.
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    household_id: HOUSEHOLD_ID,
    created_at: "2026-03-04T10:00:00.000Z",
    actor: ALEX,
    subject: { type, id: SUBJECT_ID[type] ?? OTHER_ID },
    kind,
    details,
    ...overrides,
  } as ActivityEntry;
}
