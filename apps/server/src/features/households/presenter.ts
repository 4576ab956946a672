import { currencySchema, type Household } from "@housemate/contract";
import type { HouseholdRow } from "../../lib/access.js";

/** A household as the API shows it (SPEC §3 Household). */
export function presentHousehold(row: HouseholdRow): Household {
  return {
    id: row.id,
    name: row.name,
    created_by: row.createdBy,
    iso_4217_code: currencySchema.parse(row.currency),
    created_at: row.createdAt.toISOString(),
    join_code: row.joinCode,
    join_by_id: row.joinById,
    first_reminder_days: row.firstReminderDays,
    second_reminder_days: row.secondReminderDays,
    issuer_notice_days: row.issuerNoticeDays,
  };
}
