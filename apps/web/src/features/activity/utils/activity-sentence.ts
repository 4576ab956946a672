import {
  appealDecidedText,
  formatAwayDate,
  FORMER_MEMBER_NAME,
  PLAN_NAMES,
  WRITTEN_OFF_REMOVED_REASON,
  type ActivityDetailsByKind,
  type ActivityEntry,
  type ActivityKind,
  type ActivityPerson,
} from "@housemate/contract";
import { formatCurrency, formatDate, plural } from "@/lib/format";

/** A note's content in a sentence: its first words, on one line. */
const NOTE_QUOTE_MAX = 60;

type Money = (amount: number) => string;
type Builder<K extends ActivityKind> = (
  actor: string,
  details: ActivityDetailsByKind[K],
  money: Money,
  actorPerson: ActivityPerson,
) => string;

const quote = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return `‘${line.length > NOTE_QUOTE_MAX ? `${line.slice(0, NOTE_QUOTE_MAX - 1).trimEnd()}…` : line}’`;
};
/** 'their' when the actor is the person, else the person's name with an apostrophe. */
const whose = (actor: ActivityPerson, person: ActivityPerson) =>
  actor.id !== null && actor.id === person.id ? "their" : `${person.name}’s`;
const writeOffs = (count: number, amount: number, money: Money) =>
  count === 0 ? "" : `; ${count === 1 ? "1 fine" : `${count} fines`} (${money(amount)}) written off`;
const changes = (parts: (string | false | undefined)[]) => parts.filter(Boolean).join(", ");
/** '£1.00 → £2.00' when both amounts are there. */
const amountChange = (from: number | undefined, to: number | undefined, money: Money) =>
  from !== undefined && to !== undefined && `${money(from)} → ${money(to)}`;
/** 'name The Flat → The Cozy Flat', or 'name The Cozy Flat' without the old value. */
const textChange = (label: string, from: string | undefined, to: string | undefined) =>
  to !== undefined && `${label} ${from ? `${from} → ` : ""}${to}`;

/** 'first reminder after 5 days', or 'issuer notice off' (issue 22): a reminder setting as it now is. */
const reminderChange = (label: string, to: number | null | undefined) =>
  to !== undefined && `${label} ${to === null ? "off" : `after ${plural(to, "day")}`}`;

/**
 * One sentence per kind, from what the entry carries: names, titles and amounts as they were then. A Record, so a kind
 * added to the contract does not build until it has its sentence. The actor is the entry's name; `person` other
 * people's (each already 'Former member' for a deleted account).
 */
const SENTENCES: { [K in ActivityKind]: Builder<K> } = {
  "rule.created": (actor, d, money) => `${actor} added the rule ${d.title} (${money(d.fine_amount)})`,
  "rule.edited": (actor, { title, before, after }, money) => {
    const what = changes([
      amountChange(before.fine_amount, after.fine_amount, money),
      after.title !== undefined && `renamed to ${after.title}`,
      after.description !== undefined && "new description",
    ]);
    return `${actor} changed ${before.title ?? title}${what ? `: ${what}` : ""}`;
  },
  "rule.deleted": (actor, d, money) => `${actor} deleted the rule ${d.title} (${money(d.fine_amount)})`,
  "fine.issued": (actor, d, money) => `${actor} fined ${d.offender.name} ${money(d.amount)} for ${d.rule_title}`,
  "fine.edited": (actor, d, money) => {
    const what = changes([
      amountChange(d.before.amount, d.after.amount, money),
      d.after.description !== undefined && "new description",
      d.evidence_changed && "new evidence",
    ]);
    return `${actor} changed ${d.offender.name}’s fine for ${d.rule_title}${what ? `: ${what}` : ""}`;
  },
  "fine.paid": (actor, d, money, person) =>
    `${actor} paid ${whose(person, d.offender)} ${money(d.amount)} fine for ${d.rule_title}`,
  "fine.disputed": (actor, d, money, person) =>
    `${actor} disputed ${whose(person, d.offender)} ${money(d.amount)} fine for ${d.rule_title}`,
  "fine.reviewed": (actor, d, money) =>
    `${actor} ${d.outcome} ${d.offender.name}’s dispute of a ${money(d.amount)} fine for ${d.rule_title}`,
  "fine.appealed": (actor, d, money, actorPerson) =>
    `${actor} appealed ${whose(actorPerson, d.offender)} ${money(d.amount)} fine for ${d.rule_title} to the house`,
  // The contract's own 'Appeal decided:' text, so the log and the fine say the same.
  "fine.appeal_decided": (_actor, d, money) =>
    `Appeal of ${d.offender.name}’s ${money(d.amount)} fine for ${d.rule_title}: ${appealDecidedText(d.status, d.outcome_reason, d.tally).replace(/\.$/, "")}`,
  "fine.written_off": (_actor, d, money) =>
    `A ${money(d.amount)} fine for ${d.rule_title} was written off when ${d.offender.name} ${
      d.reason === WRITTEN_OFF_REMOVED_REASON ? "was removed" : "left"
    }`,
  "member.joined": (_actor, d) => `${d.member.name} joined${d.via === "invite" ? " with an invite link" : ""}`,
  "member.left": (_actor, d, money) =>
    `${d.member.name} left${d.account_deleted ? " and deleted their account" : ""}${writeOffs(
      d.fines_written_off,
      d.amount_written_off,
      money,
    )}`,
  "member.removed": (actor, d, money) =>
    `${actor} removed ${d.member.name}${writeOffs(d.fines_written_off, d.amount_written_off, money)}`,
  // 'made Blair a member' would read as if Blair had joined.
  "member.role_changed": (actor, d, _money, person) =>
    d.to === "admin"
      ? `${actor} made ${d.member.name} an admin`
      : `${actor} removed ${whose(person, d.member)} admin role`,
  "member.away_changed": (actor, d) =>
    d.to === null ? `${actor} is back from being away` : `${actor} is away until ${formatAwayDate(d.to)}`,
  "household.created": (actor, d) => `${actor} created the household ${d.name} (${d.iso_4217_code})`,
  "household.updated": (actor, { before, after }) => {
    const joinById = after.join_by_id;
    const what = changes([
      textChange("name", before.name, after.name),
      textChange("currency", before.iso_4217_code, after.iso_4217_code),
      joinById !== undefined && `joining by Household ID turned ${joinById ? "on" : "off"}`,
      reminderChange("first reminder", after.first_reminder_days),
      reminderChange("second reminder", after.second_reminder_days),
      reminderChange("issuer notice", after.issuer_notice_days),
    ]);
    return `${actor} changed the household’s settings${what ? `: ${what}` : ""}`;
  },
  "household.join_code_reset": (actor) => `${actor} reset the Household ID`,
  "household.plan_changed": (_actor, d) => `The household moved to ${PLAN_NAMES[d.to]}`,
  "invite.created": (actor, d) => `${actor} made an invite link (expires ${formatDate(d.expires, { utc: true })})`,
  "invite.revoked": (actor, d, _money, person) => `${actor} revoked ${whose(person, d.created_by)} invite link`,
  "note.added": (actor, d) => `${actor} added a note: ${quote(d.content)}`,
  "note.edited": (actor, { before, after }) => {
    const content = after.content ?? before.content;
    if (content !== undefined) return `${actor} edited a note: ${quote(content)}`;
    return `${actor} changed a note’s colour`;
  },
  "note.deleted": (actor, d) => `${actor} deleted a note: ${quote(d.content)}`,
  "note.reordered": (actor) => `${actor} reordered the notes`,
  "proposal.created": (actor, d, money) => `${actor} proposed spending ${money(d.amount)} on ${d.title}`,
  "proposal.voted": (actor, d, money) =>
    `${actor} voted ${d.vote === "yes" ? "for" : "against"} spending ${money(d.amount)} on ${d.title}`,
  "proposal.withdrawn": (actor, d, money) => `${actor} withdrew the proposal to spend ${money(d.amount)} on ${d.title}`,
  "proposal.decided": (_actor, d, money) => {
    const verb = { passed: "passed", failed: "failed", withdrawn: "was withdrawn" }[d.outcome];
    return `The proposal to spend ${money(d.amount)} on ${d.title} ${verb}${d.reason ? `: ${d.reason}` : ""}`;
  },
  "fund.reversed": (actor, d, money) =>
    `${actor} reversed ${quote(d.description)} (${money(d.amount)})${d.reason ? `: ${d.reason}` : ""}`,
};

/**
 * The entry as one sentence ('Alex fined Blair £2.00 for Dishes'), its money in the household's currency. A deleted
 * account's entries name a 'Former member', as the rest of the app does.
 */
export function activitySentence(entry: ActivityEntry, currency: string | undefined): string {
  const money: Money = (amount) => formatCurrency(amount, currency);
  const actor = entry.actor.name || FORMER_MEMBER_NAME;
  // An entry's kind and details go together (the contract's union), which TypeScript cannot follow through the Record.
  const build = SENTENCES[entry.kind] as (
    actor: string,
    details: ActivityEntry["details"],
    money: Money,
    actorPerson: ActivityPerson,
  ) => string;
  return build(actor, entry.details, money, entry.actor);
}
