import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { LightMyRequestResponse } from "fastify";
import { currentUserSchema, errorBodySchema } from "@housemate/contract";
import { NATIVE_SHELL_ORIGINS } from "../../src/plugins/security.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "../helpers/app.js";
import { buildMember } from "../helpers/factories.js";
import { listen } from "../helpers/socket-client.js";

/**
 * Issue 23: the phone apps load their own copy of the web app, from `capacitor://localhost` (iOS) and
 * `https://localhost` (Android), and call PUBLIC_URL from there (docs/decisions/057). Those two origins get exactly
 * what PUBLIC_URL's gets, from CORS and from the live socket's Origin check; anything near them gets nothing.
 */
let t: TestContext;
let socketUrl: string;
beforeAll(async () => {
  t = await createTestContext();
  socketUrl = await listen(t.app);
});
afterAll(async () => {
  await t.close();
});

const ACCEPTED = [PUBLIC_URL, ...NATIVE_SHELL_ORIGINS];
/** One character, scheme, port or case away from an accepted origin; and the opaque origin a sandboxed page sends. */
const NEAR_MISSES = [
  "http://localhost",
  "https://localhost:8443",
  "http://localhost:5173",
  "https://localhost.evil.example",
  "capacitor://evil",
  "capacitor://localhost:8080",
  "capacitor://localhost.evil.example",
  "Capacitor://localhost",
  "ionic://localhost",
  "https://localhost/",
  "https://127.0.0.1",
  "null",
  "",
];

/** The CORS headers of an answer: what a page at the origin may read of it. */
function corsHeaders(res: LightMyRequestResponse) {
  return {
    allowOrigin: res.headers["access-control-allow-origin"],
    allowCredentials: res.headers["access-control-allow-credentials"],
    exposeHeaders: res.headers["access-control-expose-headers"],
    allowMethods: res.headers["access-control-allow-methods"],
    allowHeaders: res.headers["access-control-allow-headers"],
    maxAge: res.headers["access-control-max-age"],
    vary: res.headers.vary,
  };
}

function preflight(origin: string) {
  return t.request({
    method: "OPTIONS",
    url: "/api/auth/me",
    headers: {
      origin,
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization, content-type",
    },
  });
}

describe("CORS for the phone apps' origins", () => {
  it("answers each shell's preflight as it answers PUBLIC_URL's, with credentials and the same headers", async () => {
    const own = await preflight(PUBLIC_URL);
    expect(own.statusCode).toBe(204);
    for (const origin of NATIVE_SHELL_ORIGINS) {
      const res = await preflight(origin);
      expect(res.statusCode, origin).toBe(204);
      expect(corsHeaders(res), origin).toEqual({ ...corsHeaders(own), allowOrigin: origin });
      expect(res.headers["access-control-allow-headers"], origin).toContain("authorization");
      expect(res.headers["access-control-allow-credentials"], origin).toBe("true");
    }
  });

  it("lets each shell read a signed-in call made with a bearer token, and the headers the app reads", async () => {
    const { user, token } = await buildMember(t.db);
    const own = await t.request({ method: "GET", url: "/api/auth/me", token, headers: { origin: PUBLIC_URL } });
    for (const origin of NATIVE_SHELL_ORIGINS) {
      const res = await t.request({ method: "GET", url: "/api/auth/me", token, headers: { origin } });
      expect(res.statusCode, origin).toBe(200);
      expect(currentUserSchema.parse(res.json().data).id, origin).toBe(user.id);
      expect(corsHeaders(res), origin).toEqual({ ...corsHeaders(own), allowOrigin: origin });
      expect(res.headers["access-control-allow-credentials"], origin).toBe("true");
      expect(res.headers["access-control-expose-headers"], origin).toBe("x-request-id, retry-after");
      expect(String(res.headers.vary).toLowerCase(), origin).toContain("origin");
    }
  });

  it("gives the near misses nothing to read, and refuses their preflights with FORBIDDEN", async () => {
    const { token } = await buildMember(t.db);
    for (const origin of NEAR_MISSES) {
      const res = await t.request({ method: "GET", url: "/api/auth/me", token, headers: { origin } });
      expect(res.headers["access-control-allow-origin"], origin).toBeUndefined();
      expect(res.headers["access-control-allow-credentials"], origin).toBeUndefined();
      const refused = await preflight(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.headers["access-control-allow-origin"], origin).toBeUndefined();
      expect(errorBodySchema.parse(refused.json()).error.code, origin).toBe("FORBIDDEN");
    }
  });

  it("leaves the web's security headers as they were: the shells never load the server's pages", async () => {
    const own = await t.request({ method: "GET", url: "/api/health", headers: { origin: PUBLIC_URL } });
    for (const origin of NATIVE_SHELL_ORIGINS) {
      const res = await t.request({ method: "GET", url: "/api/health", headers: { origin } });
      for (const name of [
        "content-security-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
        "referrer-policy",
      ])
        expect(res.headers[name], `${name} from ${origin}`).toBe(own.headers[name]);
    }
    const csp = String(own.headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self' ws://housemate.test;");
    expect(csp).not.toContain("localhost");
    expect(csp).not.toContain("capacitor");
  });
});

describe("the live socket from the phone apps", () => {
  /** Tries to open the socket from `origin`; resolves with 101 when it opens, or the HTTP status of its refusal. */
  function upgradeStatus(token: string, origin: string): Promise<number> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${socketUrl}?token=${token}`, { origin });
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

  it("opens for PUBLIC_URL's origin and each shell's, with a valid session", async () => {
    const { token } = await buildMember(t.db);
    for (const origin of ACCEPTED) expect(await upgradeStatus(token, origin), origin).toBe(101);
  });

  it("refuses the near misses with 403, even with a valid session", async () => {
    const { token } = await buildMember(t.db);
    // ws sends no Origin header for an empty one: that is a native client's upgrade, allowed (headers.test.ts).
    for (const origin of NEAR_MISSES.filter((origin) => origin !== "")) {
      expect(await upgradeStatus(token, origin), origin).toBe(403);
    }
  });
});
