import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { redactTokens } from "../../src/lib/request-log.js";
import { createTestContext, type TestContext } from "../helpers/app.js";
import { buildHouseholdWithMembers } from "../helpers/factories.js";
import { listen, openSocket, refusedUpgrade } from "../helpers/socket-client.js";

/** Every line the app logs, at the most talkative level, through the server's own logger settings. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const logger = { ...loggerOptions(loadConfig({})), level: "trace", stream };
  return { lines, logger };
}

const MAGIC_LINK = /\/auth\/verify\?token=([\w-]+)/;
const INVITE_LINK = /\/invite\/([\w-]+)/;

/**
 * Signs in through the emailed link, opens the socket with ?token=, makes and reads an invite, signs up
 * with it, and trips the failure paths: returns every secret that went by.
 */
async function runSecretsThrough(t: TestContext, readMagicLink: (email: string) => Promise<string>) {
  const email = `secret-keeper-${Date.now()}@example.com`;
  expect((await t.request({ method: "POST", url: "/api/auth/login", payload: { email } })).statusCode).toBe(200);
  const magicToken = await readMagicLink(email);
  const verified = await t.request({ method: "GET", url: `/api/auth/verify?token=${magicToken}` });
  expect(verified.statusCode).toBe(200);
  const sessionToken = (verified.json().data as { token: string }).token;
  const reused = await t.request({ method: "GET", url: `/api/auth/verify?token=${magicToken}` });
  expect(reused.statusCode).toBe(401);

  const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
  const invite = await t.request({
    method: "POST",
    url: `/api/households/${household.id}/invites`,
    token: owner.token,
  });
  const inviteCode = INVITE_LINK.exec((invite.json().data as { inviteUrl: string }).inviteUrl)?.[1] ?? "";
  expect(inviteCode).not.toBe("");
  expect((await t.request({ method: "GET", url: `/api/invites/${inviteCode}` })).statusCode).toBe(200);
  expect((await t.request({ method: "GET", url: `/api/invites/${inviteCode}x` })).statusCode).toBe(404);
  const joiner = `joiner-${Date.now()}@example.com`;
  await t.request({ method: "POST", url: "/api/auth/login", payload: { email: joiner, inviteCode } });
  expect(
    (await t.request({ method: "GET", url: `/api/auth/verify?token=${await readMagicLink(joiner)}` })).statusCode,
  ).toBe(200);

  for (const url of ["/api/fines", "/api/notifications", "/api/sticky-notes"])
    await t.request({ method: "GET", url, token: sessionToken });
  await t.request({ method: "GET", url: "/api/fines", token: `${sessionToken}x` });

  const socketUrl = await listen(t.app);
  const socket = await openSocket(socketUrl, sessionToken);
  await socket.next("notification_count");
  socket.close();
  await socket.closed;
  expect((await refusedUpgrade(`${socketUrl}?token=${sessionToken}x`)).status).toBe(401);

  expect((await t.request({ method: "POST", url: "/api/auth/logout", token: sessionToken })).statusCode).toBe(200);
  return { magicToken, sessionToken, inviteCode };
}

describe("secrets never reach the log", () => {
  describe("with mail sent over SMTP", () => {
    const log = capturedLog();
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext({ env: { LOG_LEVEL: "trace" }, logger: log.logger });
    });
    afterAll(() => t.close());

    it("no session token, sign-in link token or invite code appears in any line", async () => {
      const secrets = await runSecretsThrough(t, async (email) => {
        const mail = await t.smtp.waitFor(email);
        return MAGIC_LINK.exec(mail.body)?.[1] ?? "";
      });
      expect(log.lines.length).toBeGreaterThan(20);
      expect(log.lines.some((line) => line.includes("token=[redacted]"))).toBe(true);
      for (const [name, secret] of Object.entries(secrets)) {
        expect(secret.length, name).toBeGreaterThan(15);
        expect(
          log.lines.filter((line) => line.includes(secret)),
          name,
        ).toEqual([]);
      }
    });
  });

  describe("with no SMTP_URL, where mail is written to the log by design (DESIGN §1)", () => {
    const log = capturedLog();
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext({ env: { LOG_LEVEL: "trace", SMTP_URL: "" }, logger: log.logger });
    });
    afterAll(() => t.close());

    /** The one kind of line allowed to hold a sign-in link: the mail itself, for whoever runs the server. */
    const isMailLine = (line: string) => line.includes("mail (no SMTP_URL set, so it is written here)");

    it("holds a sign-in link only in the mail line, and secrets nowhere else", async () => {
      const readFromLog = async (email: string) => {
        for (let tries = 0; tries < 100; tries += 1) {
          const mail = log.lines.find((line) => isMailLine(line) && line.includes(email));
          const token = mail ? MAGIC_LINK.exec(mail)?.[1] : undefined;
          if (token) return token;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`no mail to ${email} in the log`);
      };
      const secrets = await runSecretsThrough(t, readFromLog);
      for (const [name, secret] of Object.entries(secrets)) {
        const leaks = log.lines.filter((line) => line.includes(secret) && !(name === "magicToken" && isMailLine(line)));
        expect(leaks, name).toEqual([]);
      }
    });
  });
});

describe("URLs in the log", () => {
  it("lose their secrets: tokens, invite codes and the random part of upload paths", () => {
    expect(redactTokens("/ws?token=abc")).toBe("/ws?token=[redacted]");
    expect(redactTokens("/invite/AbC_1-2?x=1")).toBe("/invite/[redacted]?x=1");
    expect(redactTokens("/api/invites/AbC_1-2")).toBe("/api/invites/[redacted]");
    expect(redactTokens(`/files/fine-evidence/${"a".repeat(32)}.png`)).toBe("/files/fine-evidence/[redacted].png");
    expect(redactTokens(`/api/storage/upload/profile-pictures/${"b".repeat(32)}.jpg`)).toBe(
      "/api/storage/upload/profile-pictures/[redacted].jpg",
    );
    expect(redactTokens("/api/households/1/invites")).toBe("/api/households/1/invites");
  });
});

describe("stored text is data, never markup", () => {
  it("keeps an XSS payload verbatim and serves it only as JSON that browsers may not sniff", async () => {
    const t = await createTestContext();
    try {
      const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
      const payload = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;
      const created = await t.request({
        method: "POST",
        url: "/api/rules",
        token: owner.token,
        payload: { title: payload.slice(0, 100), description: payload, fine_amount: 1, household_id: household.id },
      });
      expect(created.statusCode).toBe(201);
      const listed = await t.request({
        method: "GET",
        url: `/api/rules/household/${household.id}`,
        token: owner.token,
      });
      expect(listed.headers["content-type"]).toMatch(/^application\/json/);
      expect(listed.headers["x-content-type-options"]).toBe("nosniff");
      expect((listed.json().data as { description: string }[])[0]?.description).toBe(payload);
    } finally {
      await t.close();
    }
  });
});
