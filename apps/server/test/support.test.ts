import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  STATUS_MESSAGES,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_SHORT,
  SUPPORT_MESSAGES_PER_HOUR,
  SUPPORT_OFF_MESSAGE,
  SUPPORT_SUBJECT_MAX,
} from "@housemate/contract";
import { households, mailOutbox } from "../src/db/schema.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildHouseholdWithMembers, buildMember } from "./helpers/factories.js";
import type { CapturedMail } from "./helpers/smtp.js";

const SUPPORT = "help@housemate.example";
/** PLANS=on needs the Stripe keys at boot; no Stripe call is made here. */
const PLANS_ON = {
  PLANS: "on",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRICE_ID: "price_x",
};
const VERSION = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;
const MINUTE = 60_000;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { ...PLANS_ON, SUPPORT_EMAIL: SUPPORT } });
});
afterAll(() => t.close());

let sent = 0;
/** A subject no other test uses, so its mail is told apart in the shared capture. */
const uniqueSubject = (what: string) => `${what} ${String(++sent)}`;

const send = (context: TestContext, token: string | undefined, payload: object) =>
  context.request({ method: "POST", url: "/api/support", token, payload });

/** Sends a message with a unique subject and waits for the mail it makes. */
async function sendAndCapture(context: TestContext, token: string, message = "The fines page shows nothing at all.") {
  const subject = uniqueSubject("Cannot see fines");
  const res = await send(context, token, { subject, message });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await context.smtp.waitFor(SUPPORT, (m) => m.subject.endsWith(subject));
  return { res, mail, subject };
}

/** The message's header block, unfolded, by lower-cased name (each name's values in order). */
function headersOf(mail: CapturedMail): Map<string, string[]> {
  const block = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const headers = new Map<string, string[]>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

const setPlan = (householdId: string, plan: "basic" | "pro") =>
  t.db.update(households).set({ plan }).where(eq(households.id, householdId));

describe("a support message", () => {
  it("is mailed to SUPPORT_EMAIL with a Reply-To to the sender and who, where and what they use", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 1);
    const { res, mail, subject } = await sendAndCapture(t, owner.token, "Line one.\nLine two of it.");

    expect(res.json()).toEqual({ data: { success: true, priority: false } });
    expect(mail.to).toEqual([SUPPORT]);
    const headers = headersOf(mail);
    expect(headers.get("reply-to")).toEqual([owner.user.email]);
    expect(mail.subject).toBe(`Housemate support: ${subject}`);
    expect(mail.body).toContain("Line one.\r\nLine two of it.");
    expect(mail.body).toContain(`From: ${owner.user.displayName} <${String(owner.user.email)}>`);
    expect(mail.body).toContain(`Household: ${household.name} (${household.id})`);
    expect(mail.body).toContain("Plan: Housemate Basic");
    expect(mail.body).toContain(`App version: ${VERSION}`);
  });

  it("from a Pro household is marked priority: the subject and the X-Priority and Importance headers", async () => {
    const { household, members } = await buildHouseholdWithMembers(t.db, 1);
    await setPlan(household.id, "pro");
    const member = members[0];
    if (!member) throw new Error("member missing");
    const { res, mail, subject } = await sendAndCapture(t, member.token);

    expect(res.json()).toEqual({ data: { success: true, priority: true } });
    expect(mail.subject).toBe(`[Priority] Housemate support: ${subject}`);
    const headers = headersOf(mail);
    expect(headers.get("x-priority")).toEqual(["1"]);
    expect(headers.get("importance")).toEqual(["high"]);
    expect(mail.body).toContain("Plan: Housemate Pro");
  });

  it("from a Basic household carries no priority header", async () => {
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    const { mail } = await sendAndCapture(t, owner.token);
    const headers = headersOf(mail);
    expect(headers.has("x-priority")).toBe(false);
    expect(headers.has("importance")).toBe(false);
    expect(mail.subject.startsWith("[Priority]")).toBe(false);
  });

  it("may come from someone with no household yet", async () => {
    const nia = await buildMember(t.db);
    const { res, mail } = await sendAndCapture(t, nia.token);
    expect(res.json()).toEqual({ data: { success: true, priority: false } });
    expect(mail.body).toContain("Household: none");
    expect(headersOf(mail).get("reply-to")).toEqual([nia.user.email]);
  });

  it("waits in the durable outbox with its headers until it is sent", async () => {
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    await setPlan(owner.user.householdId ?? "", "pro");
    const { subject } = await sendAndCapture(t, owner.token);
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `[Priority] Housemate support: ${subject}`));
    expect(row?.headers).toEqual({ "Reply-To": owner.user.email, "X-Priority": "1", Importance: "high" });
    expect(row?.to).toBe(SUPPORT);
  });

  it("keeps what the person typed out of the headers: line breaks cannot add one", async () => {
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    const { user } = owner;
    await t.db
      .update(households)
      .set({ name: "Flat\r\nBcc: thief@example.com" })
      .where(eq(households.id, user.householdId ?? ""));
    const subject = uniqueSubject("Hello\r\nBcc: thief@example.com\r\nX-Evil: 1");
    const res = await send(t, owner.token, { subject, message: "Please read this.\r\nX-Evil: 2" });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.smtp.waitFor(SUPPORT, (m) => m.subject.includes(`X-Evil: 1 ${String(sent)}`));

    expect(mail.to).toEqual([SUPPORT]);
    const headers = headersOf(mail);
    expect(headers.has("bcc")).toBe(false);
    expect(headers.has("x-evil")).toBe(false);
    expect(mail.subject).toBe(`Housemate support: Hello Bcc: thief@example.com X-Evil: 1 ${String(sent)}`);
  });
});

describe("how many messages a person may send", () => {
  it(`allows ${String(SUPPORT_MESSAGES_PER_HOUR)} an hour and refuses the next with 429 and Retry-After`, async () => {
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    const { members } = await buildHouseholdWithMembers(t.db, 1);
    const other = members[0];
    if (!other) throw new Error("member missing");
    // The start of an hour's window, so the whole hour is ahead.
    t.clock.set(new Date(Math.ceil(t.clock.now.getTime() / (60 * MINUTE)) * 60 * MINUTE));
    const message = { subject: "Question", message: "Is this thing on at all?" };

    for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i++) {
      expect((await send(t, owner.token, message)).statusCode).toBe(201);
    }
    // A sign-in link asked for meanwhile prunes its own 15-minute windows, not this hour's.
    t.clock.advance(20 * MINUTE);
    expect(
      (await t.request({ method: "POST", url: "/api/auth/login", payload: { email: "x@example.com" } })).statusCode,
    ).toBe(200);

    const refused = await send(t, owner.token, message);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: "RATE_LIMITED", message: STATUS_MESSAGES[429] });
    expect(Number(refused.headers["retry-after"])).toBe(40 * 60);
    // Someone else's allowance is their own.
    expect((await send(t, other.token, message)).statusCode).toBe(201);

    t.clock.advance(40 * MINUTE);
    expect((await send(t, owner.token, message)).statusCode).toBe(201);
  });
});

describe("what is refused", () => {
  it("answers a signed-out request with 401", async () => {
    const res = await send(t, undefined, { subject: "Hello", message: "Anybody there at all?" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });

  it.each([
    ["an empty subject", { subject: "  ", message: "Long enough message." }, "Subject is required"],
    [
      "a subject too long",
      { subject: "s".repeat(SUPPORT_SUBJECT_MAX + 1), message: "Long enough message." },
      `Subject can be at most ${String(SUPPORT_SUBJECT_MAX)} characters`,
    ],
    ["a short message", { subject: "Hello", message: "Too short" }, SUPPORT_MESSAGE_SHORT],
    [
      "a message too long",
      { subject: "Hello", message: "m".repeat(SUPPORT_MESSAGE_MAX + 1) },
      `Message can be at most ${String(SUPPORT_MESSAGE_MAX)} characters`,
    ],
  ])("refuses %s with 400 and its message", async (_what, payload, message) => {
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    const res = await send(t, owner.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(res.json().error)).toContain(message);
  });

  it("refuses fields it does not know", async () => {
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    const res = await send(t, owner.token, { subject: "Hello", message: "Long enough message.", cc: "x@example.com" });
    expect(res.statusCode).toBe(400);
  });
});

describe("with plans off", () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ env: { SUPPORT_EMAIL: SUPPORT } });
  });
  afterAll(() => off.close());

  it("says 'plans off' and never marks priority, whatever the household's stored plan", async () => {
    const { household, owner } = await buildHouseholdWithMembers(off.db, 0);
    await off.db.update(households).set({ plan: "pro" }).where(eq(households.id, household.id));
    const { res, mail } = await sendAndCapture(off, owner.token);
    expect(res.json()).toEqual({ data: { success: true, priority: false } });
    expect(mail.body).toContain("Plan: plans off");
    expect(headersOf(mail).has("x-priority")).toBe(false);
    expect(mail.subject.startsWith("[Priority]")).toBe(false);
  });
});

describe("with no SUPPORT_EMAIL", () => {
  let unset: TestContext;
  beforeAll(async () => {
    unset = await createTestContext({ env: PLANS_ON });
  });
  afterAll(() => unset.close());

  it("answers 404: there is nobody to write to", async () => {
    const { owner } = await buildHouseholdWithMembers(unset.db, 0);
    const res = await send(unset, owner.token, { subject: "Hello", message: "Anybody there at all?" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: "NOT_FOUND", message: SUPPORT_OFF_MESSAGE });
    expect(await unset.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("still answers a signed-out request with 401", async () => {
    expect((await send(unset, undefined, { subject: "Hello", message: "Anybody there?" })).statusCode).toBe(401);
  });
});
