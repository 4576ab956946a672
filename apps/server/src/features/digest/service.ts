import type { Database } from "../../db/client.js";
import { sweepHousehold, type SweepFailure } from "../../lib/household-sweep.js";
import { MAIL_PRIORITY } from "../notifications/mail-outbox.js";
import { queueMail } from "../notifications/record.js";
import { digestMail, isQuietWeek } from "./digest-mail.js";
import {
  claimDigest,
  digestRecipients,
  householdsWithoutDigest,
  openItems,
  recordRecipients,
  weekHappenings,
  type DigestHousehold,
} from "./queries.js";
import { digestWeekBefore, type DigestWeek } from "./schedule.js";

/** Households read, and then each done in its own transaction, this many at a time. */
export const DIGEST_BATCH = 200;

export interface DigestRun {
  now: Date;
  publicUrl: string;
  onFailure: SweepFailure;
  /** Shutdown: checked between households, so a run stops after the one it is doing; the next run does the rest. */
  signal?: AbortSignal;
}

/**
 * Sends the weekly digest of the latest full week before `now` to every household that has not had it (issue 22,
 * docs/decisions/054): each household in its own transaction, which writes its `household_digests` row and queues its
 * mail together, so each household gets it once however many instances run this, and a restart carries on where it
 * stopped. A household that fails is reported and the others go on. Answers how many households failed and were mailed.
 */
export async function sendWeeklyDigests(db: Database, run: DigestRun): Promise<{ mailed: number; failed: number }> {
  const week = digestWeekBefore(run.now);
  let failed = 0;
  let mailed = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await householdsWithoutDigest(db, { week, after, limit: DIGEST_BATCH });
    for (const household of batch) {
      run.signal?.throwIfAborted();
      const recipients = await sweepHousehold(
        household.id,
        () => digestHousehold(db, household, week, run),
        (error, householdId) => {
          failed += 1;
          run.onFailure(error, householdId);
        },
      );
      if (recipients > 0) mailed += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < DIGEST_BATCH) break;
    after = last.id;
  }
  return { mailed, failed };
}

/** One household's digest: claimed, gathered, and mailed to the members who want it, or skipped when quiet. */
async function digestHousehold(db: Database, household: DigestHousehold, week: DigestWeek, run: DigestRun) {
  return db.transaction(async (tx) => {
    if (!(await claimDigest(tx, household.id, week.key))) return 0;
    const happenings = await weekHappenings(tx, { householdId: household.id, week });
    // Kept as sent to nobody, so the week is not looked at again. What is merely still open does not make a mail:
    // a household where nothing happens gets none, however long a dispute or proposal stays open.
    if (isQuietWeek(happenings)) return 0;
    const figures = { ...happenings, ...(await openItems(tx, { householdId: household.id, now: run.now })) };
    const recipients = (await digestRecipients(tx, household.id)).flatMap((recipient) =>
      recipient.emailEnabled !== false && recipient.email ? [{ ...recipient, email: recipient.email }] : [],
    );
    const content = { household, week, figures, publicUrl: run.publicUrl };
    // Below notifications: Monday's burst of digests never delays a fine's email (decision 052).
    for (const recipient of recipients)
      await queueMail(tx, { ...digestMail(content, recipient), priority: MAIL_PRIORITY.digest }, run.now);
    await recordRecipients(tx, household.id, week.key, recipients.length);
    return recipients.length;
  });
}
