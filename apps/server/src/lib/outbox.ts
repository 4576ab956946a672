import type { Executor } from "../db/client.js";
import { mailOutbox } from "../db/schema.js";
import type { MailMessage } from "../plugins/mail.js";

/**
 * Queues a message inside the caller's transaction, so it goes out only if the event commits.
 * Call `app.notifier.drainMail()` after commit to send it; failures are retried from the outbox.
 * `now` is the app's clock (`app.now()`): the drain picks mail that is due by that clock.
 */
export async function queueMail(tx: Executor, message: MailMessage, now: Date): Promise<void> {
  await tx.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
}
