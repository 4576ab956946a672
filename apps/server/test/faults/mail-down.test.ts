import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { fines, mailOutbox, notifications } from "../../src/db/schema.js";
import { retryDelayMs } from "../../src/features/notifications/mail-outbox.js";
import { createTestContext, type TestContext } from "../helpers/app.js";
import { buildHouseholdWithMembers, buildRule } from "../helpers/factories.js";
import { linkIn, startSmtpCapture, type SmtpCapture } from "../helpers/smtp.js";
import { timed } from "./helpers/app-over.js";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.js";

/**
 * Issue 9 'Faults': a mail server that is down, slow or silent never slows signing in and never undoes an
 * event; the mail waits in the outbox and goes once the server answers again. The app's mail server is a
 * relay in front of a real SMTP listener, so the test can break it and mend it.
 */
let t: TestContext;
let inbox: SmtpCapture;
let relay: TcpProxy;
beforeAll(async () => {
  inbox = await startSmtpCapture();
  relay = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(inbox.url).port) });
  t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${relay.port}` } });
});
afterAll(async () => {
  await t.close();
  await relay.close();
  await inbox.close();
});
beforeEach(async () => {
  await relay.restore();
  inbox.clear();
});

/** Sign-in answers well before any mail server could have been talked to. */
const PROMPT_MS = 1_000;

const login = (email: string) => t.request({ method: "POST", url: "/api/auth/login", payload: { email } });
const queued = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];

/** The mail server is back: once the backoff has passed, the outbox is worked through (the retry timer's job). */
async function retryLater() {
  t.clock.advance(retryDelayMs(1) + 1_000);
  await t.app.notifications.drainMail();
}

async function signInWithMailedLink(email: string) {
  const mail = await inbox.waitFor(email, (m) => m.body.includes("/auth/verify"), 15_000);
  const link = linkIn(mail, "/auth/verify");
  const res = await t.request({ method: "GET", url: `/api/auth/verify${link.search}` });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.user.email).toBe(email);
}

describe("with the mail server down", () => {
  it("answers sign-in at once, and the link is mailed once the server is back", async () => {
    await relay.close();
    const { result, ms } = await timed(() => login("down@example.com"));
    expect(result.statusCode).toBe(200);
    expect(ms).toBeLessThan(PROMPT_MS);
    await expect.poll(async () => (await queued("down@example.com"))?.lastError, { timeout: 10_000 }).toBeTruthy();

    await relay.restore();
    await retryLater();
    await signInWithMailedLink("down@example.com");
    expect(await queued("down@example.com")).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(Date) });
  });

  it("still issues a fine with its notification, and mails the offender later", async () => {
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const offender = members[0];
    if (!offender?.user.email) throw new Error("no offender");
    const rule = await buildRule(t.db, household.id, owner.user.id);

    await relay.close();
    const { result, ms } = await timed(() =>
      t.request({
        method: "POST",
        url: "/api/fines",
        token: owner.token,
        payload: { offender_id: offender.user.id, rule_id: rule.id, amount: 2.5, household_id: household.id },
      }),
    );
    expect(result.statusCode).toBe(201);
    expect(ms).toBeLessThan(PROMPT_MS);
    const fineId = result.json().data.id as string;
    expect(await t.db.select().from(fines).where(eq(fines.id, fineId))).toHaveLength(1);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, offender.user.id), eq(notifications.typeId, "fine_received")));
    expect(told).toHaveLength(1);
    await expect
      .poll(async () => (await queued(offender.user.email ?? ""))?.lastError, { timeout: 10_000 })
      .toBeTruthy();

    await relay.restore();
    await retryLater();
    await inbox.waitFor(offender.user.email);
  });
});

describe("with a slow mail server", () => {
  it("answers sign-in at once while the mail takes its time", async () => {
    relay.slowDown(300);
    const { result, ms } = await timed(() => login("slow@example.com"));
    expect(result.statusCode).toBe(200);
    expect(ms).toBeLessThan(PROMPT_MS);
    expect(inbox.messages).toHaveLength(0);
    await signInWithMailedLink("slow@example.com");
    await expect.poll(async () => (await queued("slow@example.com"))?.sentAt, { timeout: 10_000 }).toBeInstanceOf(Date);
  });
});

describe("with a mail server that accepts connections and never answers", () => {
  it("answers every sign-in at once, gives up on the send after its time-out and retries it", async () => {
    relay.hang();
    const emails = ["silent-1@example.com", "silent-2@example.com"];
    for (const email of emails) {
      const { result, ms } = await timed(() => login(email));
      expect(result.statusCode).toBe(200);
      expect(ms).toBeLessThan(PROMPT_MS);
    }
    // nodemailer's greeting or socket time-out (10 s) ends the stuck attempt; it is recorded, not lost.
    const failed = async () => (await Promise.all(emails.map(queued))).filter((mail) => mail?.lastError).length;
    await expect.poll(failed, { timeout: 15_000 }).toBeGreaterThan(0);

    await relay.restore();
    await retryLater();
    for (const email of emails) await signInWithMailedLink(email);
  }, 40_000);
});
