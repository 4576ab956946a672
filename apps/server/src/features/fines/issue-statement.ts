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
 * made in TypeScript as every other notification's are; the two parts only the database knows, the offender's name
 * and the rule's title, are filled in by `format()`, which never reads its arguments as a template.
 */
const FINE_COLUMNS = Object.entries(getTableColumns(fines));
const NOTIFICATION_TYPE: NotificationTypeId = "fine_received";

const ISSUE_FINE_SQL = `
with offender as (
  select id, email, display_name from users
  where id = $2::uuid and household_id = $1::uuid and deleted_at is null
), rule as (
  select id, title from rules
  where id = $3::uuid and household_id = $1::uuid and deleted_at is null
), fine as (
  insert into fines (household_id, offender_id, created_by, rule_id, amount_minor, status, description,
                     evidence_note, evidence_images, created_at, updated_at)
  select $1::uuid, offender.id, $4::uuid, rule.id, $5::integer, 'pending', $6::text, $7::text, $8::jsonb,
         $9::timestamptz, $9::timestamptz
  from offender, rule
  returning *
), preference as (
  select coalesce(bool_and(in_app_enabled), true) as in_app, coalesce(bool_and(email_enabled), true) as email
  from notification_preferences where user_id = $2::uuid and type_id = '${NOTIFICATION_TYPE}'
), notification as (
  insert into notifications (user_id, household_id, type_id, title, message)
  select fine.offender_id, fine.household_id, '${NOTIFICATION_TYPE}', $10::text,
         format($11::text, offender.display_name, rule.title)
  from fine, offender, rule, preference where preference.in_app
  returning id
), mail as (
  insert into mail_outbox ("to", subject, text)
  select offender.email, $12::text, format($13::text, offender.display_name, rule.title)
  from fine, offender, rule, preference where preference.email and offender.email is not null
  returning id
)
select ${FINE_COLUMNS.map(([, column]) => `fine."${column.name}"`).join(", ")},
       (select id from notification), exists (select from mail), exists (select from offender), exists (select from rule)
from (select) as always left join fine on true`;

const PARAMETERS = [
  "householdId",
  "offenderId",
  "ruleId",
  "issuerId",
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

const FIELDS: SelectedFieldsOrdered = [
  ...FINE_COLUMNS.map(([key, column]) => ({ path: ["fine", key], field: column })),
  { path: ["notificationId"], field: sql<string | null>`` },
  { path: ["mailed"], field: sql<boolean>`` },
  { path: ["offenderFound"], field: sql<boolean>`` },
  { path: ["ruleFound"], field: sql<boolean>`` },
];

interface IssuedRow {
  /** Every column null when nothing was inserted. */
  fine: { [K in keyof FineRow]: FineRow[K] | null };
  notificationId: string | null;
  mailed: boolean;
  offenderFound: boolean;
  ruleFound: boolean;
}

export interface IssueFineValues {
  householdId: string;
  offenderId: string;
  ruleId: string;
  issuerId: string;
  amountMinor: number;
  description: string;
  evidenceNote: string | null;
  evidenceImages: string[];
  now: Date;
  /** The notification's title and message, with `SLOT.offenderName` and `SLOT.ruleTitle` where those go. */
  notification: { title: string; message: string };
  /** The queued email, with the same slots. */
  mail: { subject: string; text: string };
}

export type IssueFineOutcome =
  | { issued: true; fine: FineRow; notificationIds: string[]; mailed: boolean }
  | { issued: false; offenderFound: boolean; ruleFound: boolean };

/**
 * Stand-ins for what only the database knows, to write into the texts. Random per process, so no one's name or
 * words can contain one.
 */
export const SLOT = {
  offenderName: `{offender-${randomUUID()}}`,
  ruleTitle: `{rule-${randomUUID()}}`,
} as const;

/** A text with slots as a `format()` template: its own `%` doubled, the slots made its two arguments. */
export function formatTemplate(text: string): string {
  return text.replaceAll("%", "%%").replaceAll(SLOT.offenderName, "%1$s").replaceAll(SLOT.ruleTitle, "%2$s");
}

type Prepared = (values: Record<(typeof PARAMETERS)[number], unknown>) => Promise<IssuedRow[]>;
const prepared = new WeakMap<Database, Prepared>();

function prepare(db: Database): Prepared {
  let statement = prepared.get(db);
  if (!statement) {
    const query = db._.session.prepareQuery(
      { sql: ISSUE_FINE_SQL, params: PARAMETERS.map((name) => sql.placeholder(name)) },
      FIELDS,
      "issue_fine",
      true,
    );
    statement = (values) => query.execute(values) as Promise<IssuedRow[]>;
    prepared.set(db, statement);
  }
  return statement;
}

/** Runs the statement: the fine and what was recorded for its offender, or which check failed. */
export async function insertFineWithNotice(db: Database, values: IssueFineValues): Promise<IssueFineOutcome> {
  const [row] = await prepare(db)({
    householdId: values.householdId,
    offenderId: values.offenderId,
    ruleId: values.ruleId,
    issuerId: values.issuerId,
    amountMinor: values.amountMinor,
    description: values.description,
    evidenceNote: values.evidenceNote,
    evidenceImages: JSON.stringify(values.evidenceImages),
    now: values.now,
    title: values.notification.title,
    messageTemplate: formatTemplate(values.notification.message),
    subject: values.mail.subject,
    mailTemplate: formatTemplate(values.mail.text),
  });
  if (!row) throw new Error("the issue_fine statement returned no row");
  if (row.fine.id === null) return { issued: false, offenderFound: row.offenderFound, ruleFound: row.ruleFound };
  return {
    issued: true,
    fine: row.fine as FineRow,
    notificationIds: row.notificationId ? [row.notificationId] : [],
    mailed: row.mailed,
  };
}
