import { randomUUID } from "node:crypto";
import { getTableColumns, sql } from "drizzle-orm";
import type { SelectedFieldsOrdered } from "drizzle-orm/pg-core";
import type { NotificationTypeId } from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { fines } from "../../db/schema.js";
import type { FineRow } from "./presenter.js";

/**
 * Issuing a fine is the busiest write there is, so it is one statement, prepared once per database: it checks that
 * the offender is a member and the rule is in force, inserts the fine, and records the offender's notification and
 * queued email as their preferences say (both default to on), as `notify()` does for every other event. One
 * statement is one transaction: nothing is half-written, and there is no BEGIN or COMMIT to wait for. The texts are
 * made in TypeScript as every other notification's are; the parts only the database knows (the offender's and the
 * issuer's names, the rule's title) are filled in by `format()`, which never reads its arguments as a template.
 *
 * Two variants differ only in who the issuer is: a user the caller has already authenticated, or whoever holds a
 * session token, which the statement checks itself (see `issueFineBySession`).
 */
const FINE_COLUMNS = Object.entries(getTableColumns(fines));
const NOTIFICATION_TYPE: NotificationTypeId = "fine_received";

/** $1–$12, shared by both variants. */
const PARAMETERS = [
  "householdId",
  "offenderId",
  "ruleId",
  "amountMinor",
  "description",
  "evidenceNote",
  "evidenceImages",
  "now",
  "title",
  "messageTemplate",
  "subject",
  "mailTemplate",
] as const;

/** An issuer already authenticated: $13 is their id. */
const KNOWN_ISSUER = `select id, display_name from users where id = $13::uuid`;

/**
 * The holder of a live session ($13: the token's hash) who belongs to the household, is not the offender, is who
 * the request says issues the fine ($14, when given), and whose household's currency is the one the texts were
 * written in ($15). Every refusal of the ordinary path, as one condition: when it fails, nothing is written.
 */
const SESSION_ISSUER = `
  select users.id, users.display_name from sessions
  join users on users.id = sessions.user_id
  join households on households.id = users.household_id
  where sessions.token_hash = $13::text and sessions.revoked_at is null and sessions.expires_at > $8::timestamptz
    and users.deleted_at is null and users.household_id = $1::uuid and users.id <> $2::uuid
    and ($14::uuid is null or users.id = $14::uuid) and households.iso_4217_code = $15::text`;

const issueFineSql = (issuer: string) => `
with issuer as (${issuer}
), offender as (
  select id, email, display_name from users
  where id = $2::uuid and household_id = $1::uuid and deleted_at is null
), rule as (
  select id, title from rules
  where id = $3::uuid and household_id = $1::uuid and deleted_at is null
), fine as (
  insert into fines (household_id, offender_id, created_by, rule_id, amount_minor, status, description,
                     evidence_note, evidence_images, created_at, updated_at)
  select $1::uuid, offender.id, issuer.id, rule.id, $4::integer, 'pending', $5::text, $6::text, $7::jsonb,
         $8::timestamptz, $8::timestamptz
  from issuer, offender, rule
  returning *
), preference as (
  select coalesce(bool_and(in_app_enabled), true) as in_app, coalesce(bool_and(email_enabled), true) as email
  from notification_preferences where user_id = $2::uuid and type_id = '${NOTIFICATION_TYPE}'
), notification as (
  insert into notifications (user_id, household_id, type_id, title, message)
  select fine.offender_id, fine.household_id, '${NOTIFICATION_TYPE}', $9::text,
         format($10::text, offender.display_name, rule.title, issuer.display_name)
  from fine, offender, rule, issuer, preference where preference.in_app
  returning id
), mail as (
  insert into mail_outbox ("to", subject, text)
  select offender.email, $11::text, format($12::text, offender.display_name, rule.title, issuer.display_name)
  from fine, offender, rule, issuer, preference where preference.email and offender.email is not null
  returning id
)
select ${FINE_COLUMNS.map(([, column]) => `fine."${column.name}"`).join(", ")},
       (select id from notification), exists (select from mail),
       exists (select from issuer), exists (select from offender), exists (select from rule)
from (select) as always left join fine on true`;

const FIELDS: SelectedFieldsOrdered = [
  ...FINE_COLUMNS.map(([key, column]) => ({ path: ["fine", key], field: column })),
  { path: ["notificationId"], field: sql<string | null>`` },
  { path: ["mailed"], field: sql<boolean>`` },
  { path: ["issuerFound"], field: sql<boolean>`` },
  { path: ["offenderFound"], field: sql<boolean>`` },
  { path: ["ruleFound"], field: sql<boolean>`` },
];

interface IssuedRow {
  /** Every column null when nothing was inserted. */
  fine: { [K in keyof FineRow]: FineRow[K] | null };
  notificationId: string | null;
  mailed: boolean;
  issuerFound: boolean;
  offenderFound: boolean;
  ruleFound: boolean;
}

export interface IssueFineValues {
  householdId: string;
  offenderId: string;
  ruleId: string;
  amountMinor: number;
  description: string;
  evidenceNote: string | null;
  evidenceImages: string[];
  now: Date;
  /** The notification's title and message, with `SLOT`s where the names and the rule's title go. */
  notification: { title: string; message: string };
  /** The queued email, with the same slots. */
  mail: { subject: string; text: string };
}

/** Who issues the fine: a user already authenticated, or the holder of a session token (checked by the statement). */
export type Issuer =
  | { id: string }
  | { session: { tokenHash: string; createdBy: string | null; currency: string } };

export type IssueFineOutcome =
  | { issued: true; fine: FineRow; notificationIds: string[]; mailed: boolean }
  | { issued: false; issuerFound: boolean; offenderFound: boolean; ruleFound: boolean };

/**
 * Stand-ins for what only the database knows, to write into the texts. Random per process, so no one's name or
 * words can contain one.
 */
export const SLOT = {
  offenderName: `{offender-${randomUUID()}}`,
  ruleTitle: `{rule-${randomUUID()}}`,
  issuerName: `{issuer-${randomUUID()}}`,
} as const;

/** A text with slots as a `format()` template: its own `%` doubled, the slots made its three arguments. */
export function formatTemplate(text: string): string {
  return text
    .replaceAll("%", "%%")
    .replaceAll(SLOT.offenderName, "%1$s")
    .replaceAll(SLOT.ruleTitle, "%2$s")
    .replaceAll(SLOT.issuerName, "%3$s");
}

type Prepared = (values: Record<string, unknown>) => Promise<IssuedRow[]>;
const prepared = new WeakMap<Database, { known: Prepared; session: Prepared }>();

function prepare(db: Database, name: string, issuer: string, extra: string[]): Prepared {
  const query = db._.session.prepareQuery(
    { sql: issueFineSql(issuer), params: [...PARAMETERS, ...extra].map((param) => sql.placeholder(param)) },
    FIELDS,
    name,
    true,
  );
  return (values) => query.execute(values) as Promise<IssuedRow[]>;
}

function statementsOf(db: Database) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = {
      known: prepare(db, "issue_fine", KNOWN_ISSUER, ["issuerId"]),
      session: prepare(db, "issue_fine_by_session", SESSION_ISSUER, ["tokenHash", "createdBy", "currency"]),
    };
    prepared.set(db, statements);
  }
  return statements;
}

/** Runs the statement: the fine and what was recorded for its offender, or which check failed. */
export async function insertFineWithNotice(db: Database, issuer: Issuer, values: IssueFineValues): Promise<IssueFineOutcome> {
  const shared = {
    householdId: values.householdId,
    offenderId: values.offenderId,
    ruleId: values.ruleId,
    amountMinor: values.amountMinor,
    description: values.description,
    evidenceNote: values.evidenceNote,
    evidenceImages: JSON.stringify(values.evidenceImages),
    now: values.now,
    title: values.notification.title,
    messageTemplate: formatTemplate(values.notification.message),
    subject: values.mail.subject,
    mailTemplate: formatTemplate(values.mail.text),
  };
  const statements = statementsOf(db);
  const [row] =
    "id" in issuer
      ? await statements.known({ ...shared, issuerId: issuer.id })
      : await statements.session({ ...shared, ...issuer.session });
  if (!row) throw new Error("the issue_fine statement returned no row");
  if (row.fine.id === null) {
    return { issued: false, issuerFound: row.issuerFound, offenderFound: row.offenderFound, ruleFound: row.ruleFound };
  }
  return {
    issued: true,
    fine: row.fine as FineRow,
    notificationIds: row.notificationId ? [row.notificationId] : [],
    mailed: row.mailed,
  };
}
