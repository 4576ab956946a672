import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import {
  APPLE_APP_SITE_ASSOCIATION_PATH,
  ASSET_LINKS_PATH,
  STATUS_MESSAGES,
  appleAppSiteAssociationSchema,
  assetLinksSchema,
  errorBodySchema,
  type AppleAppSiteAssociation,
} from "@housemate/contract";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { DatabaseHandle } from "../src/db/client.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { openTestDatabase } from "./helpers/database.js";
import { buildHouseholdWithMembers } from "./helpers/factories.js";

/**
 * Issue 23: the files that let the phone apps open this server's sign-in and invite links (docs/decisions/057),
 * written from ANDROID_* and APPLE_TEAM_ID / IOS_BUNDLE_ID, and the API's JSON 404 when those are not set.
 */
const RELEASE_KEY = "14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5";
const UPLOAD_KEY = "FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C";
const TEAM = "ABCDE12345";

let t: TestContext;
let androidOnly: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      ANDROID_SHA256_CERT_FINGERPRINTS: `${RELEASE_KEY},${UPLOAD_KEY}`,
      APPLE_TEAM_ID: TEAM,
      IOS_BUNDLE_ID: "uk.co.flat.housemate",
    },
  });
  androidOnly = await createTestContext({ env: { ANDROID_SHA256_CERT_FINGERPRINTS: UPLOAD_KEY } });
});
afterAll(async () => {
  await t.close();
  await androidOnly.close();
});

function expectDocumentAnswer(res: LightMyRequestResponse, where: string) {
  expect(res.statusCode, where).toBe(200);
  expect(res.headers["content-type"], where).toBe("application/json");
  expect(res.headers["cache-control"], where).toBe("public, max-age=3600");
  expect(res.headers.location, where).toBeUndefined();
}

function expectJsonNotFound(res: LightMyRequestResponse, where: string) {
  expect(res.statusCode, where).toBe(404);
  expect(res.headers["content-type"], where).toMatch(/^application\/json/);
  if (res.body === "") return; // HEAD
  expect(errorBodySchema.parse(res.json()).error, where).toMatchObject({
    code: "NOT_FOUND",
    message: STATUS_MESSAGES[404],
  });
}

/**
 * Whether an iOS app link rule matches `pattern` against `text` as Apple describes: `*` any run of characters (none
 * too), `?` any one character, everything else itself. Written out, not as a regex: the suite keeps to linear ones.
 */
function applinksMatch(pattern: string, text: string): boolean {
  // matches[j]: the pattern read so far matches text's first j characters.
  let matches = Array.from({ length: text.length + 1 }, (_, j) => j === 0);
  for (const token of pattern) {
    const next = Array.from({ length: text.length + 1 }, () => false);
    for (let j = 0; j <= text.length; j++) {
      if (token === "*") next[j] = Boolean(matches[j]) || (j > 0 && Boolean(next[j - 1]));
      else if (j > 0 && matches[j - 1]) next[j] = token === "?" || text[j - 1] === token;
    }
    matches = next;
  }
  return Boolean(matches[text.length]);
}

/** Whether iOS would open the app for this link of the site, by the file's rules (a link's path and query items). */
function opensApp(association: AppleAppSiteAssociation, link: string): boolean {
  const url = new URL(link, PUBLIC_URL);
  return association.applinks.details.some((detail) =>
    detail.components.some(
      (component) =>
        applinksMatch(component["/"], url.pathname) &&
        Object.entries(component["?"] ?? {}).every(([name, pattern]) => {
          const value = url.searchParams.get(name);
          return value !== null && applinksMatch(pattern, value);
        }),
    ),
  );
}

describe("/.well-known/assetlinks.json", () => {
  it("is Google's statement that the configured Android app may open the site's links, every fingerprint upper-case", async () => {
    const res = await t.request({ method: "GET", url: ASSET_LINKS_PATH });
    expectDocumentAnswer(res, ASSET_LINKS_PATH);
    expect(assetLinksSchema.parse(res.json())).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: {
          namespace: "android_app",
          package_name: "app.housemate",
          sha256_cert_fingerprints: [RELEASE_KEY.toUpperCase(), UPLOAD_KEY],
        },
      },
    ]);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const res = await t.request({ method: "HEAD", url: ASSET_LINKS_PATH });
    expectDocumentAnswer(res, `HEAD ${ASSET_LINKS_PATH}`);
    expect(res.body).toBe("");
  });
});

describe("/.well-known/apple-app-site-association", () => {
  it("names the configured team's app, and opens it for a sign-in link with its token and an invite only", async () => {
    const res = await t.request({ method: "GET", url: APPLE_APP_SITE_ASSOCIATION_PATH });
    expectDocumentAnswer(res, APPLE_APP_SITE_ASSOCIATION_PATH);
    const association = appleAppSiteAssociationSchema.parse(res.json());
    expect(association.applinks.details[0]?.appIDs).toEqual([`${TEAM}.uk.co.flat.housemate`]);

    // SPEC §2 'Native mobile deep links', as the server's mails write them (auth/service.ts, invites/service.ts).
    for (const link of ["/auth/verify?token=abc123", "/auth/verify?token=a%2Bb&utm_source=mail", "/invite/Xy7kP2qR"])
      expect(opensApp(association, link), link).toBe(true);
    for (const link of [
      "/auth/verify",
      "/auth/verify?token=",
      "/auth/verify?code=abc123",
      "/auth/verify/again?token=abc123",
      "/invite/",
      "/invite",
      "/",
      "/login",
      "/dashboard",
      "/dashboard/fines?token=abc123",
      "/api/auth/verify?token=abc123",
      "/api/invites/Xy7kP2qR",
      "/mail/unsubscribe?token=abc123",
      "/files/uploads/a.png",
    ])
      expect(opensApp(association, link), link).toBe(false);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const res = await t.request({ method: "HEAD", url: APPLE_APP_SITE_ASSOCIATION_PATH });
    expectDocumentAnswer(res, `HEAD ${APPLE_APP_SITE_ASSOCIATION_PATH}`);
    expect(res.body).toBe("");
  });

  it("is the JSON 404 without APPLE_TEAM_ID, so an iPhone opens the links in the browser", async () => {
    for (const method of ["GET", "HEAD"] as const) {
      expectJsonNotFound(
        await androidOnly.request({ method, url: APPLE_APP_SITE_ASSOCIATION_PATH }),
        `${method} without a team`,
      );
    }
    // The Android file does not wait for the iOS one.
    expectDocumentAnswer(await androidOnly.request({ method: "GET", url: ASSET_LINKS_PATH }), "Android alone");
  });
});

describe("both files, as public documents", () => {
  it("give the same answer signed out, as a member, and as another household's member", async () => {
    const flat = await buildHouseholdWithMembers(t.db, 1);
    const otherFlat = await buildHouseholdWithMembers(t.db, 1);
    for (const url of [ASSET_LINKS_PATH, APPLE_APP_SITE_ASSOCIATION_PATH]) {
      const answers = await Promise.all(
        [undefined, flat.owner.token, otherFlat.owner.token, "not-a-session"].map((token) =>
          t.request({ method: "GET", url, token }),
        ),
      );
      for (const res of answers) {
        expectDocumentAnswer(res, url);
        expect(res.body, url).toBe(answers[0]?.body);
      }
    }
  });

  it("ignore a query string, and are the JSON 404 at any other path nearby", async () => {
    const document = (await t.request({ method: "GET", url: ASSET_LINKS_PATH })).body;
    for (const query of ["?x=1", "?", "?relation=all&package_name=evil", "?%00"]) {
      const res = await t.request({ method: "GET", url: `${ASSET_LINKS_PATH}${query}` });
      if (query === "?%00") {
        expect(res.statusCode, query).toBe(400);
        continue;
      }
      expectDocumentAnswer(res, query);
      expect(res.body, query).toBe(document);
    }
    for (const url of [
      `${ASSET_LINKS_PATH}/x`,
      `${ASSET_LINKS_PATH}/`,
      `${APPLE_APP_SITE_ASSOCIATION_PATH}/`,
      `${APPLE_APP_SITE_ASSOCIATION_PATH}.json`,
      "/.well-known/ASSETLINKS.JSON",
      "/.well-known/assetlinks",
      "/.well-known/",
      "/.well-known",
      "/.well-known/security.txt",
      "/.well-known/assetlinks.json%00",
      "/.well-known/%E0%A4%A",
    ]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.statusCode, url).not.toBe(200);
      expect(errorBodySchema.safeParse(res.json()).success, url).toBe(true);
    }
  });

  it("refuse every method but GET and HEAD with the JSON 404 of a route that does not exist", async () => {
    for (const url of [ASSET_LINKS_PATH, APPLE_APP_SITE_ASSOCIATION_PATH]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
        expectJsonNotFound(await t.request({ method, url, payload: {} }), `${method} ${url}`);
      }
      // An OPTIONS that is no preflight is routed like any other request.
      expectJsonNotFound(await t.request({ method: "OPTIONS", url }), `OPTIONS ${url}`);
    }
  });
});

describe("next to the built web app", () => {
  const INDEX = '<!doctype html><title>Housemate</title><div id="root"></div>';
  let webRoot: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), "housemate-web-"));
    await writeFile(path.join(webRoot, "index.html"), INDEX);
    database = await openTestDatabase();
    // iOS configured, Android not.
    const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: "silent", DATA_DIR: webRoot, APPLE_TEAM_ID: TEAM });
    app = await buildApp({ config, database, logger: false, webRoot });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it("serves a configured file before the web app's routes, and never answers /.well-known with the app's page", async () => {
    expectDocumentAnswer(await app.inject({ method: "GET", url: APPLE_APP_SITE_ASSOCIATION_PATH }), "with a build");
    for (const url of [
      ASSET_LINKS_PATH,
      `${APPLE_APP_SITE_ASSOCIATION_PATH}/x`,
      "/.well-known/change-password",
      "/.well-known/security.txt",
      "/.well-known/",
      "/.well-known",
    ]) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await app.inject({ method, url });
        expectJsonNotFound(res, `${method} ${url}`);
        expect(res.body, url).not.toContain("<!doctype html>");
      }
    }
    // The app's own routes still get its page.
    expect((await app.inject({ method: "GET", url: "/invite/Xy7kP2qR" })).body).toBe(INDEX);
  });
});
