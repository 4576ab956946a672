import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { authApi, healthApi, SOCKET_PATH, type Endpoint } from "@housemate/contract";
import { routeOptions } from "../src/lib/route.js";
import { allowAnyone, requireSession } from "../src/plugins/auth.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { recordRoutes } from "./helpers/routes.js";

/**
 * Issue 15 'One authenticated scope': every route the app registers is either inside api.ts's authenticated scope
 * or named here as public, with the reason. A route added outside the scope without a line here fails, so a route
 * cannot become public by accident.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  "GET /api/health": "load balancers ask without a session",
  "GET /api/openapi.json": "the API's description is public",
  "POST /api/auth/login": "asking for a sign-in link is how a session starts",
  "GET /api/auth/verify": "trading the link for a session",
  "GET /api/invites/:code": "the invite link is the permission (decision 021)",
  "POST /api/billing/stripe/webhook": "Stripe calls it without a session: its signature is the proof (decision 048)",
  "GET /api/config": "what the server offers, before anyone signs in; it names no household (decision 046)",
  "GET /api/mail/unsubscribe": "an email's unsubscribe link: its signed token is the permission (decision 052)",
  "POST /api/mail/unsubscribe":
    "RFC 8058's one-click unsubscribe, POSTed by mail clients without a session (decision 052)",
  "OPTIONS *": "@fastify/cors's preflight route, answered before routing",
  "GET /files/*": "the unguessable path is the capability (decision 005)",
  "GET /.well-known/assetlinks.json": "the phones read it to trust the Android app with our links (decision 057)",
  "GET /.well-known/apple-app-site-association": "the phones read it to open the iOS app for our links (decision 057)",
  [`GET ${SOCKET_PATH}`]: "authenticates itself from its ?token= (a browser cannot send a header on an upgrade)",
};

const ANY_ID = "00000000-0000-4000-8000-000000000000";

let t: TestContext;
const { registered, onRoute } = recordRoutes();
beforeAll(async () => {
  t = await createTestContext({
    onRoute,
  });
});
afterAll(() => t.close());

describe("one authenticated scope", () => {
  it("every route is public by name or needs a session", () => {
    expect(registered.size).toBeGreaterThan(40);
    for (const route of Object.keys(PUBLIC_ROUTES)) expect(registered, `${route} is not registered`).toContain(route);
  });

  it("every route that is not public answers 401 before it reads the request", async () => {
    const answers: Record<string, number> = {};
    for (const route of registered) {
      if (route in PUBLIC_ROUTES) continue;
      const [method = "", path = ""] = route.split(" ");
      const url = path.replaceAll(/:\w+/g, ANY_ID).replace("*", "anything");
      // Malformed JSON: a route that read its body before asking who is asking would answer 400.
      const hasBody = method !== "GET" && method !== "DELETE";
      const response = await t.request({
        method,
        url,
        ...(hasBody ? { payload: "{", headers: { "content-type": "application/json" } } : {}),
      });
      answers[route] = response.statusCode;
      if (response.statusCode === 401) expect(response.json().error.code).toBe("UNAUTHENTICATED");
    }
    const notAuthenticated = Object.entries(answers).filter(([, status]) => status !== 401);
    expect(notAuthenticated, "routes outside the authenticated scope and not listed as public").toEqual([]);
  });
});

describe("an endpoint mounted in the wrong scope", () => {
  // Fastify reports a throwing onRoute hook when the route is added, which for a plugin is when the app gets ready.
  const boot = async (mount: (scope: FastifyInstance) => void, endpoint: Endpoint) => {
    const { method, url, schema } = routeOptions(endpoint);
    const app = Fastify();
    void app.register(async (scope) => {
      mount(scope);
      scope.route({ method, url, schema: { security: schema.security }, handler: () => null });
    });
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  };

  it("stops the server at boot: a public endpoint inside the authenticated scope", async () => {
    await expect(boot(requireSession, healthApi.getHealth)).rejects.toThrow(
      "GET /health is a public endpoint mounted in the session scope",
    );
  });

  it("stops the server at boot: a session endpoint in the public scope", async () => {
    await expect(boot(allowAnyone, authApi.signOut)).rejects.toThrow(
      "POST /auth/logout is a session endpoint mounted in the public scope",
    );
  });
});
