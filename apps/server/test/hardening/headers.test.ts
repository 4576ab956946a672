import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { STATUS_MESSAGES } from "@housemate/contract";
import { buildApp, JSON_BODY_LIMIT } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "../helpers/app.js";
import { openTestDatabase } from "../helpers/database.js";
import { buildFine, buildHouseholdWithMembers, buildMember } from "../helpers/factories.js";
import { tinyPng } from "../helpers/images.js";
import { listen, openSocket } from "../helpers/socket-client.js";

/** Issue 9 'Access': security headers on every response, CORS for PUBLIC_URL only, and the socket's Origin check. */
let t: TestContext;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "housemate-web-"));
  await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>Housemate</title>");
  t = await createTestContext({ env: { DATA_DIR: webRoot } });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, where: string) {
  const csp = String(res.headers["content-security-policy"]);
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(res.headers["x-content-type-options"], where).toBe("nosniff");
  expect(res.headers["cross-origin-opener-policy"], where).toBe("same-origin");
  expect(res.headers["referrer-policy"], where).toMatch(/^(no-referrer|strict-origin-when-cross-origin)$/);
  expect(res.headers["x-request-id"], where).toBeDefined();
}

/** The app's CSP: scripts from this origin only, never inline, never eval. */
function expectStrictScripts(csp: string) {
  const scripts = csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src"));
  expect(scripts).toBe("script-src 'self'");
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
}

describe("security headers", () => {
  it("are on every kind of answer: success, each error, router errors, files and preflights", async () => {
    const { token } = await buildMember(t.db);
    const reserved = await t.request({
      method: "POST",
      url: "/api/storage/upload-url",
      token,
      payload: { fileName: "a.png", fileType: "image/png", fileSize: tinyPng().length, category: "fine-evidence" },
    });
    const { filePath } = reserved.json().data as { filePath: string };
    await t.request({
      method: "PUT",
      url: `/api/storage/upload/${filePath}`,
      token,
      headers: { "content-type": "image/png" },
      payload: tinyPng(),
    });

    const answers: [string, Promise<LightMyRequestResponse>, number][] = [
      ["health", t.request({ method: "GET", url: "/api/health" }), 200],
      ["signed out", t.request({ method: "GET", url: "/api/fines" }), 401],
      ["unknown path", t.request({ method: "GET", url: "/api/nope" }), 404],
      ["invalid body", t.request({ method: "POST", url: "/api/sticky-notes", token, payload: { content: "" } }), 400],
      [
        "wrong type",
        t.request({
          method: "POST",
          url: "/api/sticky-notes",
          token,
          headers: { "content-type": "text/plain" },
          payload: "hi",
        }),
        415,
      ],
      [
        "too large",
        t.request({
          method: "POST",
          url: "/api/sticky-notes",
          token,
          headers: { "content-type": "application/json" },
          payload: "x".repeat(JSON_BODY_LIMIT + 1),
        }),
        413,
      ],
      ["over-long id", t.request({ method: "GET", url: `/api/rules/${"x".repeat(2_000)}`, token }), 404],
      ["bad encoding", t.request({ method: "GET", url: "/api/rules/%E0%A4%A", token }), 400],
      ["file", t.request({ method: "GET", url: `/files/${filePath}` }), 200],
      [
        "preflight",
        t.request({
          method: "OPTIONS",
          url: "/api/fines",
          headers: { origin: PUBLIC_URL, "access-control-request-method": "POST" },
        }),
        204,
      ],
    ];
    for (const [where, answer, status] of answers) {
      const res = await answer;
      expect(res.statusCode, `${where}: ${res.body}`).toBe(status);
      expectSecurityHeaders(res, where);
      if (status >= 400) expect(res.json().error.requestId, where).toBe(res.headers["x-request-id"]);
    }
    // An uploaded file gets a sandbox of its own: even opened directly, it can run nothing.
    const file = await t.request({ method: "GET", url: `/files/${filePath}` });
    expect(file.headers["content-security-policy"]).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
  });

  it("give the web app a strict Content-Security-Policy", async () => {
    expectStrictScripts(
      String((await t.request({ method: "GET", url: "/api/health" })).headers["content-security-policy"]),
    );
  });

  it("send no referrer from the sign-in link, invite and unsubscribe pages, and a trimmed one elsewhere", async () => {
    const secretInUrl = [
      "/api/auth/verify?token=abc",
      "/auth/verify?token=abc",
      "/api/invites/abc",
      "/invite/abc",
      // An email's unsubscribe token (issue 22): the web's page, and the API's call, read and one-click.
      "/unsubscribe?token=abc",
      "/api/mail/unsubscribe?token=abc",
    ];
    for (const url of secretInUrl) {
      expect((await t.request({ method: "GET", url })).headers["referrer-policy"], url).toBe("no-referrer");
    }
    const oneClick = await t.request({ method: "POST", url: "/api/mail/unsubscribe?token=abc" });
    expect(oneClick.headers["referrer-policy"]).toBe("no-referrer");
    expect((await t.request({ method: "GET", url: "/api/health" })).headers["referrer-policy"]).toBe(
      "strict-origin-when-cross-origin",
    );
  });

  it("include HSTS only when PUBLIC_URL is https", async () => {
    expect(
      (await t.request({ method: "GET", url: "/api/health" })).headers["strict-transport-security"],
    ).toBeUndefined();
    const database = await openTestDatabase();
    const config = loadConfig({ PUBLIC_URL: "https://housemate.example", LOG_LEVEL: "silent", DATA_DIR: webRoot });
    const app = await buildApp({ config, database, logger: false, webRoot });
    try {
      const api = await app.inject({ method: "GET", url: "/api/health" });
      expect(api.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      const page = await app.inject({ method: "GET", url: "/dashboard" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expectSecurityHeaders(page, "web page");
      expectStrictScripts(String(page.headers["content-security-policy"]));
      expect(page.headers["content-security-policy"]).toContain("connect-src 'self' wss://housemate.example");
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("CORS", () => {
  it("lets PUBLIC_URL's origin read answers, with credentials", async () => {
    const res = await t.request({ method: "GET", url: "/api/health", headers: { origin: PUBLIC_URL } });
    expect(res.headers["access-control-allow-origin"]).toBe(PUBLIC_URL);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(res.headers.vary)).toMatch(/origin/i);
    const preflight = await t.request({
      method: "OPTIONS",
      url: "/api/rules",
      headers: {
        origin: PUBLIC_URL,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-methods"]).toContain("PUT");
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");
  });

  it("gives any other origin nothing to read, and refuses its preflight", async () => {
    for (const origin of [
      "https://evil.example",
      "http://housemate.test.evil.example",
      "null",
      "http://housemate.test:8080",
    ]) {
      const res = await t.request({ method: "GET", url: "/api/health", headers: { origin } });
      expect(res.headers["access-control-allow-origin"], origin).toBeUndefined();
      const preflight = await t.request({
        method: "OPTIONS",
        url: "/api/fines",
        headers: { origin, "access-control-request-method": "POST" },
      });
      expect(preflight.statusCode, origin).toBe(403);
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      expect(preflight.json().error.code).toBe("FORBIDDEN");
    }
  });
});

describe("the live socket's Origin check", () => {
  /** Tries to open the socket with `origin`; resolves with the HTTP status of a refusal, or 101. */
  function upgradeStatus(url: string, origin: string): Promise<number> {
    return new Promise((resolve) => {
      const ws = new WebSocket(url, { origin });
      ws.on("open", () => {
        ws.close();
        resolve(101);
      });
      ws.on("unexpected-response", (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      ws.on("error", () => {});
    });
  }

  it("refuses a foreign Origin even with a valid session, and allows its own origin or none", async () => {
    const { token } = await buildMember(t.db);
    const url = await listen(t.app);
    const withToken = `${url}?token=${token}`;
    expect(await upgradeStatus(withToken, "https://evil.example")).toBe(403);
    expect(await upgradeStatus(withToken, "null")).toBe(403);
    expect(await upgradeStatus(withToken, PUBLIC_URL)).toBe(101);
    const native = await openSocket(url, token);
    await native.next("notification_count");
    native.close();
  });
});

describe("the API next to the web app (hardening issue 13, items 11 and 12)", () => {
  let app: FastifyInstance;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    await mkdir(path.join(webRoot, "assets"), { recursive: true });
    await writeFile(path.join(webRoot, "assets", "app-1a2b3c.js"), "console.log(1)");
    const database = await openTestDatabase();
    closeDatabase = () => database.close();
    const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: "silent", DATA_DIR: webRoot });
    app = await buildApp({ config, database, logger: false, webRoot });
  });
  afterAll(async () => {
    await app.close();
    await closeDatabase();
  });

  it("answers an unknown /api path with the JSON 404 envelope for every method, never the web app's page", async () => {
    const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
    for (const url of ["/api/nope", "/api/nope/deeper?x=1", "/api/", "/api", "/api/nope.js"]) {
      for (const method of methods) {
        const res = await app.inject({ method, url });
        const where = `${method} ${url}`;
        expect(res.statusCode, where).toBe(404);
        expect(res.headers["content-type"], where).toMatch(/^application\/json/);
        if (method !== "HEAD")
          expect(res.json().error, where).toMatchObject({ code: "NOT_FOUND", message: STATUS_MESSAGES[404] });
      }
    }
    // The web app's own routes still get its page.
    const page = await app.inject({ method: "GET", url: "/fines" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("marks every API answer, errors included, Cache-Control: no-store, and leaves the web app's caching alone", async () => {
    for (const url of ["/api/health", "/api/nope", "/api/fines", "/api/rules/%E0%A4%A"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    expect((await app.inject({ method: "GET", url: "/assets/app-1a2b3c.js" })).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await app.inject({ method: "GET", url: "/fines" })).headers["cache-control"]).toBe("no-cache");
  });
});

describe("Vary", () => {
  it("keeps Origin on the compressed household fines list, next to Accept-Encoding", async () => {
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const offender = members[0]?.user.id ?? "";
    for (let i = 0; i < 8; i++)
      await buildFine(t.db, { householdId: household.id, issuerId: owner.user.id, offenderId: offender });
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await t.request({
        method: "GET",
        url: `/api/fines/household/${household.id}`,
        token: owner.token,
        headers: { origin: PUBLIC_URL, "accept-encoding": encoding },
      });
      expect(res.statusCode).toBe(200);
      const vary = String(res.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/);
      expect(vary, encoding).toContain("origin");
      if (encoding !== "identity") {
        expect(res.headers["content-encoding"]).toBe(encoding);
        expect(vary, encoding).toContain("accept-encoding");
      }
    }
  });
});
