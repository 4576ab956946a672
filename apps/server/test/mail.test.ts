import { Writable } from "node:stream";
import Fastify from "fastify";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, isNull, and } from "drizzle-orm";
import {
  NOTIFICATION_TYPES,
  UNSUBSCRIBE_INVALID_MESSAGE,
  notificationChannels,
  type NotificationTypeId,
} from "@housemate/contract";
import { mailOutbox, users } from "../src/db/schema.js";
import { notificationEmail } from "../src/features/notifications/email.js";
import { createMailer, type MailTerminal } from "../src/features/notifications/mailer.js";
import {
  MAIL_BATCH,
  MAIL_PRIORITY,
  MAX_MAIL_ATTEMPTS,
  retryDelayMs,
  sendDueMail,
  SIGN_IN_MAIL_LIFE_MS,
} from "../src/features/notifications/mail-outbox.js";
import { MAIL_PRUNE_TASK } from "../src/features/notifications/plugin.js";
import { digestWeekBefore } from "../src/features/digest/schedule.js";
import { sendWeeklyDigests } from "../src/features/digest/service.js";
import { magicLinkMail } from "../src/features/auth/magic-link-mail.js";
import { recordNotification } from "../src/features/notifications/record.js";
import { readUnsubscribeToken, unsubscribeKey } from "../src/features/notifications/mail/unsubscribe.js";
import { ONE_CLICK_BODY_LIMIT } from "../src/features/mail-unsubscribe/one-click-form.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildFine, buildHouseholdWithMembers, buildMember } from "./helpers/factories.js";
import { startSmtpCapture, type CapturedMail } from "./helpers/smtp.js";

/**
 * Issue 22 'Mail people are glad to get' (docs/decisions/052): every email is HTML with a plain-text part, the household
 * in its subject; every one but the sign-in link has RFC 8058's one-click unsubscribe, which turns off exactly its
 * type's email without signing in.
 */

const SUPPORT = "help@housemate.example";
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { SUPPORT_EMAIL: SUPPORT } });
});
afterAll(() => t.close());

/** The message's header block, unfolded, by lower-cased name. */
function headersOf(mail: CapturedMail): Map<string, string> {
  const block = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The plain-text and HTML parts of a captured message, decoded. */
function partsOf(mail: CapturedMail): { text: string; html: string } {
  const [, afterText = ""] = mail.body.split(/Content-Type: text\/plain[^\r\n]*/i);
  const [text = "", html = ""] = afterText.split(/Content-Type: text\/html[^\r\n]*/i);
  return { text, html };
}

/** The one-click URL of a mail's `List-Unsubscribe` header, as a mail client reads it. */
function oneClickUrl(mail: CapturedMail): URL {
  const header = headersOf(mail).get("list-unsubscribe") ?? "";
  if (!header.startsWith("<") || !header.endsWith(">")) throw new Error(`no List-Unsubscribe in "${mail.subject}"`);
  return new URL(header.slice(1, -1));
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

async function tell(recipientId: string, householdId: string | null, type: NotificationTypeId, title = "Told") {
  await t.db.transaction((tx) =>
    recordNotification(
      tx,
      { type, householdId, recipientIds: [recipientId], title, message: `About ${type}` },
      PUBLIC_URL,
    ),
  );
  await t.app.notifications.drainMail();
}

async function preferenceOf(token: string, type: NotificationTypeId) {
  const res = await t.request({ method: "GET", url: "/api/notifications/preferences", token });
  const all = res.json<{
    data: Record<string, { in_app_enabled: boolean; email_enabled: boolean; push_enabled: boolean }>;
  }>().data;
  return all[type];
}

async function preferences(token: string) {
  const res = await t.request({ method: "GET", url: "/api/notifications/preferences", token });
  return res.json<{ data: unknown }>().data;
}

describe("notification email", () => {
  it("is HTML with a plain-text part from the same words, the household in its subject", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    await tell(owner.user.id, household.id, "fine_received", "You've been fined");
    const mail = await t.smtp.waitFor(owner.user.email ?? "");
    expect(mail.subject).toBe(`${household.name}: You've been fined`);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    const { text, html } = partsOf(mail);
    for (const part of [text, html]) {
      expect(part).toContain("About fine_received");
      expect(part).toContain(`${PUBLIC_URL}/dashboard/fines`);
      expect(part).toContain(`${PUBLIC_URL}/dashboard/profile`);
      expect(part).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
    }
    expect(html).toContain("<!doctype html>");
    expect(text).not.toContain("<p");
  });

  it("keeps user text to one short line in the subject, and escaped in the HTML", () => {
    const mail = notificationEmail({
      event: {
        type: "rule_created",
        title: `New rule: <b>Bins</b>\r\nBcc: x@example.com ${"long ".repeat(40)}`,
        message: "m",
      },
      recipient: { id: "00000000-0000-4000-8000-000000000000", displayName: "Ana <i>" },
      householdName: "The <Cozy>\nFlat",
      publicUrl: PUBLIC_URL,
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.startsWith("The <Cozy> Flat: New rule: <b>Bins</b> Bcc: x@example.com long")).toBe(true);
    expect(mail.subject.length).toBeLessThanOrEqual(60 + 2 + 120);
    expect(mail.html).not.toContain("<b>Bins</b>");
    expect(mail.html).not.toContain("Ana <i>");
    expect(mail.html).toContain("Hi Ana &lt;i&gt;,");
  });

  it("of every type carries the one-click unsubscribe for that type, in its headers and its footer", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const key = await unsubscribeKey(t.db);
    const types = NOTIFICATION_TYPES.map((type) => type.id).filter((id) => notificationChannels(id).includes("in_app"));
    expect(types).toEqual(expect.arrayContaining(["fine_reminder", "fine_unpaid"]));
    for (const type of types) await tell(owner.user.id, household.id, type, `Told of ${type}`);
    for (const type of types) {
      const mail = await t.smtp.waitFor(owner.user.email ?? "", (m) => m.subject.endsWith(`Told of ${type}`));
      const headers = headersOf(mail);
      expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      const url = oneClickUrl(mail);
      expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/mail/unsubscribe`);
      expect(readUnsubscribeToken(key, url.searchParams.get("token") ?? "")).toEqual({ userId: owner.user.id, type });
      // The footer's link is the web's page for the same token; the outbox's own header never leaves.
      expect(mail.body).toContain(`${PUBLIC_URL}/unsubscribe?token=${url.searchParams.get("token") ?? ""}`);
      expect(headers.has("x-housemate-unsubscribe-for")).toBe(false);
      expect(mail.body).not.toContain("__UNSUBSCRIBE_TOKEN__");
    }
  });

  it("about no household (the person removed from one) says Housemate in the subject", async () => {
    const { user } = await buildMember(t.db);
    await tell(user.id, null, "member_removed", "You were removed from a household");
    const mail = await t.smtp.waitFor(user.email ?? "");
    expect(mail.subject).toBe("Housemate: You were removed from a household");
    expect(headersOf(mail).has("list-unsubscribe")).toBe(true);
  });
});

describe("the sign-in link and the support mail", () => {
  it("the sign-in link is HTML and text, with no unsubscribe: nobody gets it without asking", async () => {
    const email = "sign-in-mail@example.com";
    expect((await t.request({ method: "POST", url: "/api/auth/login", payload: { email } })).statusCode).toBe(200);
    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toBe("Your Housemate sign-in link");
    const { text, html } = partsOf(mail);
    expect(text).toContain("To continue, open this link:");
    expect(text.split("\r\n").some((line) => line.startsWith(`${PUBLIC_URL}/auth/verify?token=`))).toBe(true);
    expect(html).toMatch(/>\s*Sign in to Housemate\s*<\/a>/);
    expect(headersOf(mail).has("list-unsubscribe")).toBe(false);
    expect(headersOf(mail).has("list-unsubscribe-post")).toBe(false);
    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(queued?.priority).toBe(0);
  });

  it("the support mail is HTML and text, with no unsubscribe: it goes to the support mailbox", async () => {
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    const res = await t.request({
      method: "POST",
      url: "/api/support",
      token: owner.token,
      payload: { subject: "Mail layout question", message: "First line.\nSecond line.\n\nAnother paragraph." },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.smtp.waitFor(SUPPORT, (m) => m.subject.endsWith("Mail layout question"));
    expect(mail.subject).toBe("Housemate support: Mail layout question");
    const { text, html } = partsOf(mail);
    expect(text).toContain("First line.\r\nSecond line.");
    expect(html).toContain("First line.\r\nSecond line.</p>");
    expect(html).toContain(`href="mailto:${owner.user.email ?? ""}"`);
    expect(headersOf(mail).has("list-unsubscribe")).toBe(false);
  });
});

describe("one-click unsubscribe", () => {
  async function mailedMember() {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    await tell(owner.user.id, household.id, "rule_created", "A rule");
    const mail = await t.smtp.waitFor(owner.user.email ?? "", (m) => m.subject.endsWith("A rule"));
    return { owner, url: oneClickUrl(mail) };
  }

  it("POSTed as a mail client does (RFC 8058's form body) turns off exactly that type's email", async () => {
    const { owner, url } = await mailedMember();
    const before = await preferences(owner.token);
    const res = await t.request({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      type_id: "rule_created",
      description: NOTIFICATION_TYPES.find((type) => type.id === "rule_created")?.description,
      email_enabled: false,
    });
    expect(await preferences(owner.token)).toEqual({
      ...(before as object),
      rule_created: { in_app_enabled: true, email_enabled: false, push_enabled: true },
    });
    // And no more of that mail, while the in-app notification still comes.
    t.smtp.clear();
    await tell(owner.user.id, owner.user.householdId, "rule_created", "Another rule");
    await tell(owner.user.id, owner.user.householdId, "rule_updated", "A changed rule");
    await t.smtp.waitFor(owner.user.email ?? "", (m) => m.subject.endsWith("A changed rule"));
    expect(t.smtp.messages.filter((m) => m.subject.endsWith("Another rule"))).toEqual([]);
  });

  it("POSTed as multipart/form-data (the RFC's SHOULD, as a mail provider sends it) does the same", async () => {
    const { owner, url } = await mailedMember();
    // What a mail provider's unsubscriber sends: one form field in a multipart body, CRLF line ends.
    const boundary = "----OneClickBoundary7MA4YWxkTrZu0gW";
    const res = await t.request({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="List-Unsubscribe"',
        "",
        "One-Click",
        `--${boundary}--`,
        "",
      ].join("\r\n"),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type_id: "rule_created", email_enabled: false });
    expect(await preferenceOf(owner.token, "rule_created")).toEqual({
      in_app_enabled: true,
      email_enabled: false,
      push_enabled: true,
    });
  });

  it("refuses a multipart body that is no form, or names another field, and changes nothing", async () => {
    const { owner, url } = await mailedMember();
    const bodies: Array<[string, string]> = [
      // Its boundary nowhere in the body.
      ["multipart/form-data; boundary=abc", "List-Unsubscribe=One-Click"],
      // No boundary named.
      [
        "multipart/form-data",
        '--abc\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--abc--',
      ],
      // Cut short: no close delimiter.
      [
        "multipart/form-data; boundary=abc",
        '--abc\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne',
      ],
      // A field the link does not take, and the right one with another value.
      [
        "multipart/form-data; boundary=abc",
        '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--abc--',
      ],
      [
        "multipart/form-data; boundary=abc",
        '--abc\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nYes\r\n--abc--',
      ],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.request({ method: "POST", url: pathOf(url), headers: { "content-type": type }, payload });
      expect(res.statusCode, `${type}: ${payload}`).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    expect(await preferenceOf(owner.token, "rule_created")).toEqual({
      in_app_enabled: true,
      email_enabled: true,
      push_enabled: true,
    });
  });

  it("refuses a body over 1 KiB in either form with 413: the one field is a few dozen bytes", async () => {
    const { owner, url } = await mailedMember();
    const padding = "x".repeat(ONE_CLICK_BODY_LIMIT);
    const bodies: Array<[string, string]> = [
      ["application/x-www-form-urlencoded", `List-Unsubscribe=One-Click&padding=${padding}`],
      [
        "multipart/form-data; boundary=abc",
        `--abc\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--abc--\r\n${padding}`,
      ],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.request({ method: "POST", url: pathOf(url), headers: { "content-type": type }, payload });
      expect(res.statusCode, type).toBe(413);
      expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    }
    expect(await preferenceOf(owner.token, "rule_created")).toEqual({
      in_app_enabled: true,
      email_enabled: true,
      push_enabled: true,
    });
  });

  it("POSTed with no body (the web's page) does the same, and again changes nothing more", async () => {
    const { owner, url } = await mailedMember();
    await t.request({
      method: "PUT",
      url: "/api/notifications/preferences/rule_created",
      token: owner.token,
      payload: { in_app_enabled: false, email_enabled: true },
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.request({ method: "POST", url: pathOf(url) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.email_enabled).toBe(false);
    }
    // The in-app switch the person set stays as it was.
    expect(await preferenceOf(owner.token, "rule_created")).toEqual({
      in_app_enabled: false,
      email_enabled: false,
      push_enabled: true,
    });
  });

  it("read with GET says what it is for and changes nothing", async () => {
    const { owner, url } = await mailedMember();
    const before = await preferences(owner.token);
    const res = await t.request({ method: "GET", url: pathOf(url) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type_id: "rule_created", email_enabled: true });
    expect(await preferences(owner.token)).toEqual(before);
  });

  it("refuses a tampered token, and one for another type edited from a real one, with 404 and changes nothing", async () => {
    const { owner, url } = await mailedMember();
    const token = url.searchParams.get("token") ?? "";
    const [userId = "", type = "", signature = ""] = token.split(".");
    expect(type).toBe("rule_created");
    const before = await preferences(owner.token);
    const forged = [
      `${userId}.fine_received.${signature}`,
      `${userId}.${type}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${userId}.${type}.`,
      `00000000-0000-4000-8000-000000000000.${type}.${signature}`,
      `${userId}.${type}`,
      "nonsense",
    ];
    for (const bad of forged) {
      for (const method of ["GET", "POST"] as const) {
        const res = await t.request({ method, url: `/api/mail/unsubscribe?token=${encodeURIComponent(bad)}` });
        expect(res.statusCode, `${method} ${bad}`).toBe(404);
        expect(res.json().error.message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
      }
    }
    expect(await preferences(owner.token)).toEqual(before);
  });

  it("of a deleted account is 404", async () => {
    const { owner, url } = await mailedMember();
    await t.db.update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, owner.user.id));
    const res = await t.request({ method: "POST", url: pathOf(url) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
  });

  it("is signed by one key every instance shares, made once", async () => {
    expect(await unsubscribeKey(t.db)).toBe(await unsubscribeKey(t.db));
    const [a, b] = await Promise.all([unsubscribeKey(t.db), unsubscribeKey(t.db)]);
    expect(a).toBe(b);
  });
});

describe("sign-in mail never waits behind notification mail", () => {
  it("a sign-in link asked for during a burst of 600 notification emails arrives within seconds", async () => {
    // A slow mail server: each message takes 100 ms, so the burst takes 600 × 100 ms / 5 connections ≈ 12 s.
    const slow = await startSmtpCapture({ delayMs: 100 });
    const busy = await createTestContext({ env: { SMTP_URL: slow.url } });
    try {
      const { household, owner } = await buildHouseholdWithMembers(busy.db, 0);
      const email = owner.user.email ?? "";
      const rows = Array.from({ length: 600 }, (_, i) => ({
        to: email,
        ...notificationEmail({
          event: { type: "fine_received" as const, title: "You've been fined", message: `Fine ${String(i)}` },
          recipient: { id: owner.user.id, displayName: owner.user.displayName },
          householdName: household.name,
          publicUrl: PUBLIC_URL,
        }),
        createdAt: new Date(busy.clock.now.getTime() - 60_000 + i),
      }));
      await busy.db.insert(mailOutbox).values(rows);
      void busy.app.notifications.drainMail();
      await slow.waitFor(email, (m) => m.subject.endsWith("You've been fined"));

      const asked = Date.now();
      const res = await busy.request({ method: "POST", url: "/api/auth/login", payload: { email } });
      expect(res.statusCode).toBe(200);
      await slow.waitFor(email, (m) => m.subject === "Your Housemate sign-in link", 3000);
      expect(Date.now() - asked).toBeLessThan(3000);
      const pending = await busy.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), isNull(mailOutbox.sentAt)));
      expect(pending.length).toBeGreaterThan(300);
    } finally {
      await busy.close();
      await slow.close();
    }
  }, 30_000);
});

describe("with no mail server, mail is shown to whoever started the server", () => {
  const link = `${PUBLIC_URL}/auth/verify?token=abc123`;
  const message = magicLinkMail({ to: "local@example.com", link });

  /** A real logger whose JSON lines are kept, and a terminal that keeps what is written to it. */
  function outputs(isTTY: boolean) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { log } = Fastify({ logger: { level: "info", stream } });
    const written: string[] = [];
    const terminal: MailTerminal = { isTTY, write: (text) => written.push(text) };
    return { log, lines, written, terminal };
  }

  it("on a terminal: a framed block of To, Subject and the plain text, its link on a line of its own, no HTML", async () => {
    const { log, lines, written, terminal } = outputs(true);
    const mailer = createMailer({ from: "Housemate <no-reply@localhost>", log, terminal });
    await mailer.send(message);
    expect(lines).toEqual([]);
    const [block = ""] = written;
    const rows = block.split("\n");
    expect(rows).toContain("To:      local@example.com");
    expect(rows).toContain("Subject: Your Housemate sign-in link");
    expect(rows).toContain(link);
    expect(rows.filter((row) => row.startsWith("───")).length).toBe(2);
    expect(block).toContain("The link expires in 15 minutes");
    expect(block).not.toContain("<");
  });

  it("elsewhere (npm start's log piped to a file): the JSON log line, with the text to find the link in", async () => {
    const { log, lines, written, terminal } = outputs(false);
    const mailer = createMailer({ from: "Housemate <no-reply@localhost>", log, terminal });
    await mailer.send(message);
    expect(written).toEqual([]);
    const [line] = lines.map(
      (text) => JSON.parse(text) as { mail: { to: string; subject: string; text: string }; msg: string },
    );
    expect(line?.mail).toEqual({ to: "local@example.com", subject: "Your Housemate sign-in link", text: message.text });
    expect(line?.msg).toContain(link);
    expect(line?.msg).not.toContain("<!doctype");
  });

  it("is never served over HTTP: no route shows the outbox or a logged mail", async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/outbox|mail\/(?!unsubscribe)/);
  });
});

/**
 * A real mail server that refuses every message with a temporary error (451) while `refusing` is set, and keeps what
 * it accepts; with the JSON log lines of the app that talks to it.
 */
async function refusingMailServer() {
  const state = { refusing: true, accepted: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        if (state.refusing) {
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        state.accepted.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const ctx = await createTestContext({
    env: { SMTP_URL: `smtp://127.0.0.1:${String(port)}` },
    logger: { level: "info", stream },
  });
  return {
    state,
    ctx,
    lines,
    async close() {
      await ctx.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("a sign-in link the mail server refuses", () => {
  const outboxRow = async (ctx: TestContext, email: string) =>
    (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0];

  it("backs off in seconds, not the notifications' minutes, filling the link's life", () => {
    const delays = Array.from({ length: MAX_MAIL_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, "sign-in"));
    expect(delays.slice(0, 4)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(Math.max(...delays)).toBe(120_000);
    expect(delays.reduce((sum, ms) => sum + ms, 0)).toBeLessThan(SIGN_IN_MAIL_LIFE_MS);
    expect(retryDelayMs(1)).toBe(30_000);
  });

  it("is tried again by its lane within seconds, and arrives once the server accepts", async () => {
    const mail = await refusingMailServer();
    try {
      const email = "refused@example.com";
      const res = await mail.ctx.request({ method: "POST", url: "/api/auth/login", payload: { email } });
      expect(res.statusCode).toBe(200);
      await expect.poll(async () => (await outboxRow(mail.ctx, email))?.lastError, { timeout: 10_000 }).toBeTruthy();
      const failed = await outboxRow(mail.ctx, email);
      expect(failed).toMatchObject({ attempts: 1, sentAt: null });
      expect((failed?.nextAttemptAt.getTime() ?? 0) - mail.ctx.clock.now.getTime()).toBe(5_000);

      // The server accepts again; nobody drains the outbox: the lane's own retry sends it, seconds later.
      mail.state.refusing = false;
      mail.ctx.clock.advance(5_000);
      await expect.poll(() => mail.state.accepted, { timeout: 10_000, interval: 200 }).toEqual([email]);
      await expect.poll(async () => (await outboxRow(mail.ctx, email))?.sentAt).toBeInstanceOf(Date);
      expect(await outboxRow(mail.ctx, email)).toMatchObject({ attempts: 2, lastError: null });
    } finally {
      await mail.close();
    }
  }, 30_000);

  it("is given up, logged and never sent once its link has expired", async () => {
    const mail = await refusingMailServer();
    try {
      const late = "late@example.com";
      const dead = "dead@example.com";
      for (const email of [late, dead])
        await mail.ctx.request({ method: "POST", url: "/api/auth/login", payload: { email } });
      for (const email of [late, dead])
        await expect.poll(async () => (await outboxRow(mail.ctx, email))?.lastError, { timeout: 10_000 }).toBeTruthy();
      const queuedAt = (await outboxRow(mail.ctx, late))?.createdAt ?? new Date(0);
      const expiry = queuedAt.getTime() + SIGN_IN_MAIL_LIFE_MS;
      // The other is not due again before its link dies (as when no instance ran meanwhile).
      await mail.ctx.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(expiry + 500) })
        .where(eq(mailOutbox.to, dead));

      // Tried again 5 s before its link dies, and refused: its next try (10 s on) would be too late, so it stops now.
      mail.ctx.clock.set(new Date(expiry - 5_000));
      await mail.ctx.app.notifications.drainMail();
      expect(await outboxRow(mail.ctx, late)).toMatchObject({ attempts: MAX_MAIL_ATTEMPTS, sentAt: null });
      expect(await outboxRow(mail.ctx, dead)).toMatchObject({ attempts: 1 });
      // The other is next looked at once its link has died, the server accepting again: it is not even tried.
      mail.state.refusing = false;
      mail.ctx.clock.set(new Date(expiry + 1_000));
      await mail.ctx.app.notifications.drainMail();

      expect(mail.state.accepted).toEqual([]);
      for (const email of [late, dead]) {
        expect(await outboxRow(mail.ctx, email)).toMatchObject({
          sentAt: null,
          attempts: MAX_MAIL_ATTEMPTS,
          lastError: "not sent: the sign-in link expired first",
        });
      }
      const givenUp = mail.lines.filter((line) => line.includes("before its link expired; giving up"));
      expect(givenUp).toHaveLength(2);
      // Never again, whoever drains.
      await mail.ctx.app.notifications.drainMail();
      expect(mail.state.accepted).toEqual([]);
    } finally {
      await mail.close();
    }
  }, 30_000);
});

describe("the weekly digest's mail", () => {
  it("is queued below notifications (priority 2)", async () => {
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const offender = members[0];
    if (!offender) throw new Error("no member");
    // A week the new household (made on the real clock) was in.
    const now = new Date(Date.now() + 8 * 24 * 3600_000);
    const week = digestWeekBefore(now);
    await buildFine(
      t.db,
      { householdId: household.id, issuerId: owner.user.id, offenderId: offender.user.id },
      { createdAt: new Date(week.start.getTime() + 3600_000) },
    );
    await sendWeeklyDigests(t.db, { now, publicUrl: PUBLIC_URL, onFailure: () => {} });
    const digests = await t.db
      .select({ priority: mailOutbox.priority })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.user.email ?? ""), eq(mailOutbox.subject, `Your week in ${household.name}`)));
    expect(digests.length).toBeGreaterThan(0);
    expect(digests.every((row) => row.priority === MAIL_PRIORITY.digest)).toBe(true);
  });

  it("a batch is claimed by priority: notifications first, then digests, whatever their age", async () => {
    await t.db.delete(mailOutbox).where(isNull(mailOutbox.sentAt));
    const older = t.clock.now.getTime() - 60_000;
    // Due only at a time the app's clock has not reached: the app's own drain (its 30 s timer) never claims them while
    // this test's claim is watched, and the test sends at that time.
    const dueAt = new Date(t.clock.now.getTime() + 24 * 60 * 60_000);
    const retried = { attempts: 1, nextAttemptAt: dueAt };
    await t.db.insert(mailOutbox).values([
      ...Array.from({ length: MAIL_BATCH }, (_, i) => ({
        to: "digest@example.com",
        subject: "Your week",
        text: "t",
        priority: MAIL_PRIORITY.digest,
        createdAt: new Date(older + i),
        ...retried,
      })),
      { to: "fined@example.com", subject: "Fined", text: "t", priority: MAIL_PRIORITY.notification, ...retried },
    ]);
    const mailer = createMailer({ smtpUrl: t.smtp.url, from: "Housemate <no-reply@localhost>", log: t.app.log });
    try {
      await sendDueMail({
        db: t.db,
        mailer,
        log: t.app.log,
        now: () => dueAt,
        lane: "rest",
        unsubscribeKey: () => unsubscribeKey(t.db),
        publicUrl: PUBLIC_URL,
      });
    } finally {
      mailer.close();
    }
    const left = await t.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt));
    // The notification went in the first batch; the youngest digest waits for the next.
    expect(left.map((row) => row.to)).toEqual(["digest@example.com"]);
    expect(left[0]?.createdAt).toEqual(new Date(older + MAIL_BATCH - 1));
  });
});

describe("sent mail", () => {
  it("is pruned after a week by the hourly scheduled task, one instance at a time, not on every drain", async () => {
    const week = 7 * 24 * 3600_000;
    const sentAt = (ago: number) => new Date(t.clock.now.getTime() - ago);
    const [old, recent] = await t.db
      .insert(mailOutbox)
      .values([
        { to: "old@example.com", subject: "s", text: "t", sentAt: sentAt(week + 1000) },
        { to: "recent@example.com", subject: "s", text: "t", sentAt: sentAt(week - 60_000) },
      ])
      .returning();
    await t.app.notifications.drainMail();
    const ids = async () => (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((row) => row.id);
    expect(await ids()).toContain(old?.id);

    expect(await t.app.scheduler.runDue()).toContain(MAIL_PRUNE_TASK);
    expect(await ids()).not.toContain(old?.id);
    expect(await ids()).toContain(recent?.id);
    // Not again within the hour, even once the other one has turned a week old.
    t.clock.advance(59 * 60_000);
    expect(await t.app.scheduler.runDue()).not.toContain(MAIL_PRUNE_TASK);
    expect(await ids()).toContain(recent?.id);
    t.clock.advance(60_000);
    expect(await t.app.scheduler.runDue()).toContain(MAIL_PRUNE_TASK);
    expect(await ids()).not.toContain(recent?.id);
  });
});
