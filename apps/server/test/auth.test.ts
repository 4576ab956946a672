import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { LOGIN_SENT_MESSAGE, MAGIC_LINK_INVALID_MESSAGE } from "@housemate/contract";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { households, invites, magicLinks, mailOutbox, notifications, sessions, users } from "../src/db/schema.js";
import { MAX_MAIL_ATTEMPTS } from "../src/features/notifications/mail-outbox.js";
import { requireSession } from "../src/plugins/auth.js";
import { randomToken } from "../src/lib/tokens.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { openTestDatabase } from "./helpers/database.js";
import { buildHouseholdWithMembers, buildUser } from "./helpers/factories.js";
import { linkIn, type CapturedMail } from "./helpers/smtp.js";

const MINUTE = 60_000;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    // The smallest signed-in route: proves a session works without depending on other features.
    beforeReady: (app) =>
      void app.register(async (scope) => {
        requireSession(scope);
        scope.get("/api/__me", async (request) => ({ data: { id: request.session.user.id } }));
      }),
  });
});
afterAll(() => t.close());

// Each login comes from its own address unless a test says otherwise, so the per-IP limit stays out of the way.
let addresses = 0;
const freshIp = () => `10.1.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

type LoginBody = { email?: unknown; displayName?: string; inviteCode?: string };
const login = (payload: LoginBody, remoteAddress = freshIp()) =>
  t.request({ method: "POST", url: "/api/auth/login", payload, remoteAddress });

const verify = (token: string) =>
  t.request({ method: "GET", url: `/api/auth/verify?token=${encodeURIComponent(token)}` });

/** Asks for a link and returns the email that carried it (the next one to that address). */
async function requestLink(payload: LoginBody & { email: string }): Promise<{ mail: CapturedMail; token: string }> {
  const seen = new Set(t.smtp.messages);
  const res = await login(payload);
  expect(res.statusCode).toBe(200);
  const to = payload.email.trim().toLowerCase();
  const mail = await t.smtp.waitFor(to, (m) => !seen.has(m), 15_000);
  const token = linkIn(mail, "/auth/verify").searchParams.get("token");
  if (!token) throw new Error("link without token");
  return { mail, token };
}

/** The whole journey: ask for a link, open it, return the session. */
async function signIn(payload: LoginBody & { email: string }) {
  const { token } = await requestLink(payload);
  const res = await verify(token);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    token: string;
    expires: string;
    needsOnboarding: boolean;
    user: {
      id: string;
      email: string;
      display_name: string;
      household_id: string | null;
      is_admin: boolean;
      email_verified: boolean;
      visited_before: boolean;
      display_name_chosen: boolean;
    };
    invite: { code: string; householdName: string; memberCount: number; displayName: string } | null;
  };
}

/** Mail still to be sent: a sign-in link's mail drained after the test clock passed its link's life is given up. */
const unsentMail = async () =>
  (
    await t.db
      .select()
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS)))
  ).length;

const me = (token: string) => t.request({ method: "GET", url: "/api/__me", token });
const currentUser = (token: string) => t.request({ method: "GET", url: "/api/auth/me", token });

describe("signing in with a magic link", () => {
  it("emails a link that signs a new person in and creates their account", async () => {
    const { mail, token } = await requestLink({ email: "ana@example.com", displayName: "Ana Lima" });
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.subject).toBe("Your Housemate sign-in link");
    expect(mail.body).toContain("ana@example.com");
    expect(mail.body).toContain("15 minutes");
    expect(mail.body).toContain("used only once");
    expect(mail.body).toContain("If you did not ask for this");
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(linkIn(mail, "/auth/verify").origin + linkIn(mail, "/auth/verify").pathname).toBe(
      `${PUBLIC_URL}/auth/verify`,
    );

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({
      email: "ana@example.com",
      display_name: "Ana Lima",
      email_verified: true,
      household_id: null,
      is_admin: false,
    });
    expect(data.needsOnboarding).toBe(true);
    const expiresIn = new Date(data.expires).getTime() - t.clock.now.getTime();
    expect(expiresIn).toBe(30 * 24 * 60 * MINUTE);

    const whoAmI = await me(data.token);
    expect(whoAmI.statusCode).toBe(200);
    expect(whoAmI.json().data.id).toBe(data.user.id);
  });

  it("stores only digests of the link and session tokens", async () => {
    const { token } = await requestLink({ email: "digest@example.com" });
    const session = await verify(token);
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.map((r) => r.tokenHash)).not.toContain(session.json().data.token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it("names a person without a registered name after their email's local part", async () => {
    expect((await signIn({ email: "ben.jones@example.com" })).user.display_name).toBe("ben.jones");
    expect((await signIn({ email: "o'neil+flat@example.com" })).user.display_name).toBe("o neil flat");
  });

  it("falls back to the local part when the registered name is not a valid display name", async () => {
    const session = await signIn({ email: "cara@example.com", displayName: "<b></b>" });
    expect(session.user.display_name).toBe("cara");
  });

  it("signs an existing person into their own account and keeps their name", async () => {
    const first = await signIn({ email: "dev@example.com", displayName: "Dev" });
    const again = await signIn({ email: "dev@example.com", displayName: "Someone Else" });
    expect(again.user.id).toBe(first.user.id);
    expect(again.user.display_name).toBe("Dev");
  });

  it("makes one account when two links of a new address are opened at once", async () => {
    const first = await requestLink({ email: "pair@example.com", displayName: "Pat" });
    const second = await requestLink({ email: "pair@example.com", displayName: "Pat" });
    const [a, b] = await Promise.all([verify(first.token), verify(second.token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.user.id).toBe(b.json().data.user.id);
    expect(await t.db.select().from(users).where(eq(users.email, "pair@example.com"))).toHaveLength(1);
  });

  it("treats an email in any case, with spaces, as one account", async () => {
    const first = await signIn({ email: "  Cleo@Example.COM " });
    expect(first.user.email).toBe("cleo@example.com");
    const second = await signIn({ email: "cleo@example.com" });
    expect(second.user.id).toBe(first.user.id);
    const accounts = await t.db.select().from(users).where(eq(users.email, "cleo@example.com"));
    expect(accounts).toHaveLength(1);
  });
});

describe("links that do not sign in", () => {
  const refused = async (token: string) => {
    const res = await verify(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: "UNAUTHENTICATED", message: MAGIC_LINK_INVALID_MESSAGE });
  };

  it("refuses a link older than 15 minutes", async () => {
    const { token } = await requestLink({ email: "late@example.com" });
    t.clock.advance(16 * MINUTE);
    await refused(token);
    // Expired links, with the address they hold, are forgotten at the next request.
    await login({ email: "someone-else@example.com" });
    expect(await t.db.select().from(magicLinks).where(eq(magicLinks.email, "late@example.com"))).toHaveLength(0);
  });

  it("refuses a link used before", async () => {
    const { token } = await requestLink({ email: "twice@example.com" });
    expect((await verify(token)).statusCode).toBe(200);
    await refused(token);
  });

  it("refuses an altered link and an unknown one", async () => {
    const { token } = await requestLink({ email: "tamper@example.com" });
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    await refused(altered);
    await refused(randomToken());
    expect((await verify(token)).statusCode).toBe(200);
  });

  it("answers a missing token with 400", async () => {
    const res = await t.request({ method: "GET", url: "/api/auth/verify" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("gives exactly one session to 20 concurrent uses of one link", async () => {
    const { token } = await requestLink({ email: "race@example.com" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(19);
    const userId = answers.find((r) => r.statusCode === 200)?.json().data.user.id as string;
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
  });
});

describe("asking for a link", () => {
  it("answers a known and an unknown email identically", async () => {
    const known = await buildUser(t.db, { email: "known@example.com" });
    const forKnown = await login({ email: known.email ?? "" });
    const forUnknown = await login({ email: "nobody-here@example.com" });
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
    expect(forKnown.json()).toEqual({ data: { message: LOGIN_SENT_MESSAGE } });
  });

  it.each([["not-an-email"], [""], ["ana@"], [42], [undefined]])("refuses the email %j with 400", async (email) => {
    const res = await login({ email });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("limits one email to 5 links per 15 minutes, whatever the address asking", async () => {
    for (let i = 0; i < 5; i++) expect((await login({ email: "flood@example.com" })).statusCode).toBe(200);
    const refused = await login({ email: "FLOOD@example.com" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(retryAfter * 1000);
    expect((await login({ email: "flood@example.com" })).statusCode).toBe(200);
  });

  it("counts +tags and Gmail's dots and googlemail.com against one mailbox, and other people apart", async () => {
    const variants = [
      "ana.b+1@gmail.com",
      "anab+2@googlemail.com",
      "a.n.a.b@gmail.com",
      "ANAB@gmail.com",
      "anab+x@gmail.com",
    ];
    for (const email of variants) expect((await login({ email })).statusCode, email).toBe(200);
    expect((await login({ email: "a.nab+7@googlemail.com" })).statusCode).toBe(429);
    expect((await login({ email: "anac@gmail.com" })).statusCode).toBe(200);

    for (let i = 0; i < 5; i++) expect((await login({ email: `bo+${i}@example.com` })).statusCode).toBe(200);
    expect((await login({ email: "bo+late@example.com" })).statusCode).toBe(429);
    expect((await login({ email: "bo@example.com" })).statusCode).toBe(429);
    // Outside Gmail, a dot makes another mailbox.
    expect((await login({ email: "b.o@example.com" })).statusCode).toBe(200);
  });

  it("limits one network address to 30 links per 15 minutes", async () => {
    const ip = "192.0.2.7";
    for (let i = 0; i < 30; i++) expect((await login({ email: `ip-${i}@example.com` }, ip)).statusCode).toBe(200);
    const refused = await login({ email: "ip-31@example.com" }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login({ email: "ip-31@example.com" })).statusCode).toBe(200);
    // Let the 31 queued mails go out before the next tests wait for theirs.
    await expect.poll(unsentMail, { timeout: 30_000 }).toBe(0);
  }, 60_000);
});

describe("the first visit and the chosen name (issue 18)", () => {
  it("greets a new account's first session as a first visit, and every session after a sign-in as a return", async () => {
    const first = await signIn({ email: "first.timer@example.com" });
    expect(first.user).toMatchObject({
      visited_before: false,
      display_name: "first.timer",
      display_name_chosen: false,
    });
    expect((await currentUser(first.token)).json().data).toMatchObject({ id: first.user.id, visited_before: false });

    t.clock.advance(60 * MINUTE);
    const second = await signIn({ email: "first.timer@example.com" });
    expect(second.user.visited_before).toBe(true);
    // On every device: the first one's session has been here before too now.
    expect((await currentUser(second.token)).json().data.visited_before).toBe(true);
    expect((await currentUser(first.token)).json().data.visited_before).toBe(true);
  });

  it("ends the first visit 12 hours after the first sign-in: opening the app later is a return (decision 038)", async () => {
    const session = await signIn({ email: "came.back@example.com" });
    const hoursAgo = (hours: number) => new Date(t.clock.now.getTime() - hours * 60 * MINUTE);
    const signedInAt = (at: Date) =>
      t.db.update(users).set({ lastSignedInAt: at }).where(eq(users.id, session.user.id));

    await signedInAt(hoursAgo(11));
    expect((await currentUser(session.token)).json().data.visited_before).toBe(false);
    await signedInAt(hoursAgo(12));
    expect((await currentUser(session.token)).json().data.visited_before).toBe(true);
  });

  it("counts a name given at registration as chosen, and still greets the first visit as one", async () => {
    const session = await signIn({ email: "reg@example.com", displayName: "Reggie" });
    expect(session.user).toMatchObject({ display_name: "Reggie", display_name_chosen: true, visited_before: false });
  });

  it("says nothing of when the person signed in, only whether they had before", async () => {
    const session = await signIn({ email: "quiet@example.com" });
    const answers = [session.user, (await currentUser(session.token)).json().data];
    for (const answer of answers) expect(Object.keys(answer).filter((key) => key.includes("sign"))).toEqual([]);
  });

  it("answers the same to a known and an unknown address whose name was never given", async () => {
    await signIn({ email: "walkc.bbpe@example.org" });
    const forKnown = await login({ email: "walkc.bbpe@example.org" });
    const forUnknown = await login({ email: "walkc.bbpf@example.org" });
    expect(forKnown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
  });

  it("needs a session to read one's own account", async () => {
    const res = await t.request({ method: "GET", url: "/api/auth/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });
});

describe("signing out", () => {
  it("revokes the session so its token no longer works", async () => {
    const session = await signIn({ email: "leaver@example.com" });
    const out = await t.request({ method: "POST", url: "/api/auth/logout", token: session.token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { success: true } });
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/auth/logout", token: session.token })).statusCode).toBe(401);
  });

  it("needs a session", async () => {
    const res = await t.request({ method: "POST", url: "/api/auth/logout" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });
});

describe("registering with an invite code (decision 021)", () => {
  async function inviteTo(expiresAt: Date, name?: string) {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    if (name) await t.db.update(households).set({ name }).where(eq(households.id, household.id));
    const code = randomToken(16);
    await t.db.insert(invites).values({ code, householdId: household.id, createdBy: owner.user.id, expiresAt });
    return { household: { ...household, name: name ?? household.name }, owner, code };
  }
  const inAWeek = () => new Date(t.clock.now.getTime() + 7 * 24 * 60 * MINUTE);

  it("says in the email which household the link joins and under which name, as text", async () => {
    const { code } = await inviteTo(inAWeek(), "The <b>Cozy</b> Flat");
    const { mail } = await requestLink({ email: "blair@example.com", displayName: "Blair", inviteCode: code });
    const [text = "", html = ""] = mail.body.split(/Content-Type: text\/html/i);
    const offer = "and join The <b>Cozy</b> Flat as 'Blair'. You can change the name, or decline, before you join.";
    expect(text.replace(/\s+/g, " ")).toContain(`Sign in to Housemate ${offer}`);
    expect(html.replace(/\s+/g, " ")).toContain(
      "join <strong>The &lt;b&gt;Cozy&lt;/b&gt; Flat</strong> as <strong>'Blair'</strong>. You can change the name, or decline, before you join.",
    );
    expect(html).not.toContain("<b>Cozy</b>");
  });

  it("does not join the household at verification: the invite comes back for the person to confirm", async () => {
    const { household, owner, code } = await inviteTo(inAWeek());
    const session = await signIn({ email: "joiner@example.com", displayName: "Jo Iner", inviteCode: code });
    expect(session.user).toMatchObject({ household_id: null, is_admin: false, display_name: "joiner" });
    // The name typed at registration is only proposed (on the invite step): until it is applied, by joining or on
    // onboarding's name step after 'Not now', the account's name made from the address is not a chosen one.
    expect(session.user.display_name_chosen).toBe(false);
    expect(session.needsOnboarding).toBe(true);
    expect(session.invite).toEqual({
      code,
      householdName: household.name,
      memberCount: 1,
      fullMessage: null,
      displayName: "Jo Iner",
    });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.typeId, "household_joined")));
    expect(told).toHaveLength(0);
  });

  it("proposes no name when the requested one is not a valid display name: the invite step asks for one", async () => {
    const { code } = await inviteTo(inAWeek());
    const session = await signIn({ email: "odd.name@example.com", displayName: "<script></script>", inviteCode: code });
    expect(session.invite?.displayName).toBe("");
    expect(session.user).toMatchObject({ display_name: "odd.name", display_name_chosen: false });
  });

  it("asks a person signing up through /login with an invite for their name, and keeps the one they join under", async () => {
    const { code } = await inviteTo(inAWeek());
    const session = await signIn({ email: "walkc.bbpe@example.com", inviteCode: code });
    expect(session.user).toMatchObject({ display_name: "walkc.bbpe", display_name_chosen: false });
    expect(session.invite?.displayName).toBe("");

    const joined = await t.request({
      method: "POST",
      url: `/api/invites/${code}/join`,
      token: session.token,
      payload: { display_name: "Casey Walker" },
    });
    expect(joined.statusCode).toBe(200);
    expect((await currentUser(session.token)).json().data).toMatchObject({
      display_name: "Casey Walker",
      display_name_chosen: true,
    });
  });

  it("proposes a named person's own name when the link proposed none", async () => {
    await buildUser(t.db, { email: "named@example.com", displayName: "Nadia" });
    const { code } = await inviteTo(inAWeek());
    expect((await signIn({ email: "named@example.com", inviteCode: code })).invite?.displayName).toBe("Nadia");
  });

  it("still signs in when the invite has expired, offering nothing and naming no household", async () => {
    const { code, household } = await inviteTo(new Date(t.clock.now.getTime() - MINUTE));
    const { mail, token } = await requestLink({ email: "too-late@example.com", inviteCode: code });
    expect(mail.body).not.toContain(household.name);
    const session = (await verify(token)).json().data;
    expect(session.user.household_id).toBeNull();
    expect(session.needsOnboarding).toBe(true);
    expect(session.invite).toBeNull();
  });

  it("still signs in with an unknown invite code", async () => {
    const session = await signIn({ email: "made-up@example.com", inviteCode: "no-such-code" });
    expect(session.needsOnboarding).toBe(true);
    expect(session.invite).toBeNull();
  });

  it("leaves a person already in a household where they are, offering no invite", async () => {
    const { household } = await buildHouseholdWithMembers(t.db, 0);
    await buildUser(t.db, { email: "settled@example.com", householdId: household.id });
    const other = await inviteTo(inAWeek());
    const again = await signIn({ email: "settled@example.com", inviteCode: other.code });
    expect(again.user.household_id).toBe(household.id);
    expect(again.invite).toBeNull();
  });
});

describe("mail delivery", () => {
  // These build a second app over a database of their own: slow on a busy machine.
  const SECOND_APP_TIMEOUT = 60_000;

  it(
    "answers at once when the mail server is down, and keeps the mail queued to retry",
    async () => {
      const down = await createTestContext({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
      try {
        const res = await down.request({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "patient@example.com" },
        });
        expect(res.statusCode).toBe(200);
        await expect
          .poll(
            async () => {
              const [mail] = await down.db.select().from(mailOutbox).where(isNotNull(mailOutbox.lastError));
              return mail ? { to: mail.to, sent: mail.sentAt } : null;
            },
            { timeout: 10_000 },
          )
          .toEqual({ to: "patient@example.com", sent: null });
      } finally {
        await down.close();
      }
    },
    SECOND_APP_TIMEOUT,
  );

  it(
    "writes the mail to the server log when no SMTP_URL is set, and that link signs in",
    async () => {
      const log: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          log.push(chunk.toString("utf8"));
          done();
        },
      });
      const database = await openTestDatabase();
      const app = await buildApp({
        config: loadConfig({ PUBLIC_URL }),
        database,
        logger: { level: "info", stream },
        webRoot: null,
      });
      try {
        const res = await app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "local@example.com" },
        });
        expect(res.statusCode).toBe(200);
        const pattern = /http:\/\/housemate\.test\/auth\/verify\?token=[\w-]+/;
        await expect.poll(() => pattern.exec(log.join(""))?.[0], { timeout: 10_000 }).toBeTruthy();
        const link = new URL(pattern.exec(log.join(""))?.[0] ?? "");
        const verified = await app.inject({ method: "GET", url: `/api/auth/verify${link.search}` });
        expect(verified.statusCode).toBe(200);
        expect(verified.json().data.user.email).toBe("local@example.com");
      } finally {
        await app.close();
        await database.close();
      }
    },
    SECOND_APP_TIMEOUT,
  );
});
