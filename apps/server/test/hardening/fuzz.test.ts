import { createECDH, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { RouteOptions } from "fastify";
import type { LightMyRequestResponse } from "fastify";
import type { z } from "zod";
import {
  DISPUTE_DECLINED_MARKER,
  DISPUTE_MARKER_MESSAGE,
  DISPUTE_REASON_MARKER,
  API_ENDPOINTS,
  ERROR_STATUS,
  errorBodySchema,
  FILE_PATH_PATTERN,
  IMAGE_TYPES,
  isValidDisplayName,
} from "@housemate/contract";
import { JSON_BODY_LIMIT, JSON_TOO_DEEP_MESSAGE } from "../../src/app.js";
import { encodeCursor } from "../../src/lib/page-cursor.js";
import { JSON_MAX_DEPTH, nestsDeeperThan } from "../../src/lib/json-depth.js";
import { createTestContext, PUBLIC_URL } from "../helpers/app.js";
import { buildMember } from "../helpers/factories.js";
import { tinyJpeg, tinyPng } from "../helpers/images.js";
import { fromSchema, HOSTILE_PATH_VALUES, hostileValue, type Context, type JsonSchema } from "./arbitraries.js";
import { buildWorld, type World } from "./world.js";
import { unsubscribeKey, unsubscribeToken } from "../../src/features/notifications/mail/unsubscribe.js";

/**
 * Issue 9 'Hostile input': every operation of the OpenAPI document, called with random and boundary
 * bodies, query strings and path ids, signed out and signed in as a member. Whatever comes in, the
 * answer is never a 5xx nor a stack trace; a 4xx carries the error envelope; a 2xx matches its schema.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

interface Operation {
  /** Its operationId: its key in the contract's API_ENDPOINTS. */
  id: string;
  method: string;
  path: string;
  parameters: { name: string; in: "path" | "query"; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}
interface Call {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const dataDir = await mkdtemp(path.join(tmpdir(), "housemate-fuzz-"));
const routes = new Map<string, RouteOptions>();
const t = await createTestContext({
  env: { DATA_DIR: dataDir },
  onRoute: (route) => {
    for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route);
  },
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Issue 23: a device's keys, so a subscription can pass its checks and reach the database. */
const fuzzDevice = createECDH("prime256v1");
fuzzDevice.generateKeys();
/** Issue 22: the unsubscribe links' key, for tokens the routes accept and near misses of them. */
const unsubscribeSigningKey = await unsubscribeKey(t.db);

const document = (await t.request({ method: "GET", url: "/api/openapi.json" })).json<{
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: Operation["parameters"];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}>();
const operations: Operation[] = Object.entries(document.paths).flatMap(([pathTemplate, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    id: operation.operationId,
    method: method.toUpperCase(),
    path: pathTemplate,
    parameters: operation.parameters ?? [],
    body: operation.requestBody?.content["application/json"]?.schema,
  })),
);

const RAW_BODIES = [
  '{"__proto__":{"is_admin":true,"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  "{",
  '{"email":',
  "null",
  '"just a string"',
  "1e999",
  "[".repeat(5_000) + "]".repeat(5_000),
  `{"text":"${"x".repeat(100 * 1024)}"}`,
  "\uFEFF{}",
];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "image/png",
];

function knownIds(world: World): string[] {
  return [
    world.householdId,
    world.member.id,
    world.housemate.id,
    world.otherMember.id,
    world.otherMember.householdId,
    world.former.id,
    world.ruleId,
    world.receivedFineId,
    world.issuedFineId,
    world.pendingIssuedFineId,
    world.disputeId,
    world.proposalId,
    world.noteId,
    world.notificationId,
    world.transactionId,
  ];
}

/** Percent-encodes a segment; a lone surrogate (not encodable) becomes its invalid UTF-8 bytes, hostile too. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

/** The ids that make sense for a path parameter of `operationPath`, so calls reach real objects. */
function rightIds(operationPath: string, name: string, world: World): string[] {
  const under = (prefix: string) => operationPath.startsWith(prefix);
  if (name === "hid" || name === "householdId") return [world.householdId];
  if (name === "transactionId") return [world.transactionId];
  if (name === "fid") return [world.receivedFineId, world.issuedFineId, world.pendingIssuedFineId];
  if (name === "did") return [world.disputeId];
  if (name === "proposalId") return [world.proposalId];
  if (name === "offenderId" || name === "userId") return [world.member.id, world.housemate.id];
  if (under("/households") || under("/balance") || under("/rules/household")) return [world.householdId];
  if (under("/users")) return [world.member.id, world.housemate.id];
  if (under("/rules")) return [world.ruleId];
  if (under("/fines")) return [world.pendingIssuedFineId, world.issuedFineId, world.receivedFineId];
  if (under("/notifications")) return [world.notificationId];
  if (under("/sticky-notes")) return [world.noteId];
  return knownIds(world);
}

/** Right ids for body and query fields, by name. */
function hintsOf(world: World): Context["hints"] {
  return {
    household_id: [world.householdId],
    householdId: [world.householdId],
    rule_id: [world.ruleId],
    offender_id: [world.housemate.id],
    created_by: [world.member.id],
    user_id: [world.member.id],
    noteIds: [world.noteId],
    images: [`${PUBLIC_URL}/files/${world.uploadedPath}`],
    // The member's upload is fine evidence, not a receipt: refused, as any other image is.
    receipt_url: [`${PUBLIC_URL}/files/${world.uploadedPath}`],
    display_name: ["Ana Lopez", "Zoë-Ann_2.0", "<b>Ana</b>"],
    photo_url: [`/files/${world.uploadedPath}`],
    email: [world.member.email, " Ana.Lopez+flat@Example.COM ", "ben@example.com"],
    inviteCode: [world.inviteCode],
    // An unsubscribe link's (GET and POST /mail/unsubscribe): the member's own, and one edited to another type.
    token: [
      unsubscribeToken(unsubscribeSigningKey, world.member.id, "fine_paid"),
      unsubscribeToken(unsubscribeSigningKey, world.member.id, "fine_paid").replace("fine_paid", "rule_created"),
    ],
    cursor: cursorsOf(world),
    // Issue 23: a push subscription's endpoint, a push service's and ones the server must never send to; real keys.
    endpoint: [
      "https://fcm.googleapis.com/fcm/send/fuzz",
      "http://169.254.169.254/latest/meta-data",
      "https://fcm.googleapis.com@127.0.0.1/x",
      "https://fcm.googleapis.com.evil.example/x",
    ],
    p256dh: [fuzzDevice.getPublicKey().toString("base64url")],
    auth: [randomBytes(16).toString("base64url")],
    // The transaction history's filters: a member who moved money, and the rule of the world's paid fine.
    member: [world.member.id, world.housemate.id],
    rule: [world.ruleId],
    from: ["0000-01-01", "2026-01-01", "9999-12-31"],
    to: ["0000-01-01", "2026-12-31", "9999-12-31"],
  };
}

/** A list's `cursor`: well-formed ones (into the list, at its ends) and forged ones that only look like one. */
function cursorsOf(world: World): string[] {
  const forged = (text: string) => Buffer.from(text).toString("base64url");
  const now = String(Date.now() * 1000);
  return [
    encodeCursor({ micros: now, id: world.receivedFineId }),
    encodeCursor({ micros: "0", id: world.issuedFineId }),
    encodeCursor({ micros: "253402300799999999", id: world.otherMember.id }),
    forged(`253402300800000000.${world.receivedFineId}`),
    forged(`${now}.${world.receivedFineId}' or 1=1 --`),
    forged(`${now}|${world.receivedFineId}`),
    forged(`-1.${world.receivedFineId}`),
    forged("1e999.00000000-0000-0000-0000-000000000000"),
    `${encodeCursor({ micros: now, id: world.receivedFineId })}==`,
    forged("\u0000"),
  ];
}

const contextOf = (world: World, hostility: Context["hostility"]): Context => ({
  knownIds: knownIds(world),
  hints: hintsOf(world),
  hostility,
});

/** One path segment for a parameter: mostly the right id, else another real one, a random uuid or something hostile. */
function pathValue(operationPath: string, name: string, schema: JsonSchema, world: World): fc.Arbitrary<string> {
  if (name === "code")
    return fc.oneof(fc.constant(world.inviteCode), fc.string({ minLength: 1 }).map(encodeURIComponent));
  if (name === "typeId") {
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fromSchema(schema, contextOf(world, "low")).map((value) => encodeSegment(queryText(value))),
      },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_PATH_VALUES) },
    );
  }
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...rightIds(operationPath, name, world)) },
    { weight: 1, arbitrary: fc.constantFrom(...knownIds(world)) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PATH_VALUES) },
  );
}

/** JSON text of a generated value, "" for undefined (for which JSON.stringify answers undefined, unlike its type). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above: the declared type is wrong here
const jsonText = (value: unknown): string => JSON.stringify(value) ?? "";

const queryText = (value: unknown) => (typeof value === "string" ? value : jsonText(value));

function queryOf(operation: Operation, world: World): fc.Arbitrary<string> {
  const fields = operation.parameters.filter((p) => p.in === "query");
  const context = contextOf(world, "low");
  const model = Object.fromEntries(
    fields.map((p) => [p.name, fromSchema(p.schema, context, 0, context.hints?.[p.name]).map(queryText)]),
  );
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.constantFrom(
          "__proto__",
          "limit",
          "cursor",
          "status",
          "created_by",
          "offset",
          "x",
          "token",
          "householdId[]",
        ),
        hostileValue().map(queryText),
      ),
    },
  );
  return fc.tuple(fc.record(model, { requiredKeys: [] }), extra).map(([known, more]) => {
    const query = new URLSearchParams();
    for (const [key, value] of [...Object.entries(known), ...Object.entries(more)]) query.append(key, value ?? "");
    const text = query.toString();
    return text ? `?${text}` : "";
  });
}

function bodyOf(operation: Operation, world: World): fc.Arbitrary<Pick<Call, "headers" | "payload">> {
  if (operation.id === "uploadFile") {
    return fc.record({
      headers: fc
        .constantFrom(...IMAGE_TYPES, "application/json", "image/svg+xml")
        .map((type) => ({ "content-type": type })),
      payload: fc.oneof(
        fc.constantFrom(tinyPng(), tinyJpeg()),
        fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
      ),
    });
  }
  if (!operation.body) return fc.constant({ headers: {} });
  const json = (hostility: Context["hostility"]) =>
    fromSchema(operation.body, contextOf(world, hostility)).map((value) => ({
      headers: { "content-type": "application/json" },
      payload: jsonText(value),
    }));
  const raw = fc.record({
    headers: fc.constantFrom(...CONTENT_TYPES).map((type) => ({ "content-type": type })),
    payload: fc.constantFrom(...RAW_BODIES),
  });
  return fc.oneof(
    { weight: 5, arbitrary: json("low") },
    { weight: 3, arbitrary: json("high") },
    { weight: 1, arbitrary: raw },
  );
}

/** An upload's whole `<category>/<file>`: a reserved one, one that only looks right, or one that climbs or smuggles. */
const uploadPath = (world: World) =>
  fc.oneof(
    fc.constantFrom(world.openUploadPath, world.uploadedPath),
    fc.stringMatching(FILE_PATH_PATTERN),
    fc.constantFrom(
      "../../package.json",
      "fine-evidence/..%2F..%2Fx.png",
      `fine-evidence/${"a".repeat(32)}.svg`,
      "fine-evidence",
    ),
  );

function callOf(operation: Operation, world: World): fc.Arbitrary<Call> {
  if (operation.id === "uploadFile") {
    return fc
      .tuple(uploadPath(world), bodyOf(operation, world))
      .map(([filePath, body]) => ({ url: `/api/storage/upload/${filePath}`, ...body }));
  }
  const params = operation.parameters.filter((p) => p.in === "path");
  const segments = fc.record(
    Object.fromEntries(params.map((p) => [p.name, pathValue(operation.path, p.name, p.schema, world)])),
  );
  return fc.tuple(segments, queryOf(operation, world), bodyOf(operation, world)).map(([values, query, body]) => {
    const filled = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => values[name] ?? "");
    return { url: `/api${filled}${query}`, ...body };
  });
}

const responseSchemaOf = (operation: Operation, status: number) => {
  const url = `/api${operation.path.replace(/\{([^}]+)\}/g, ":$1")}`;
  const route = routes.get(`${operation.method} ${url}`);
  const response = route?.schema?.response as Record<number, z.ZodType> | undefined;
  return response?.[status];
};

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+|\.js:\d+/;

function expectSafeAnswer(operation: Operation, call: Call, res: LightMyRequestResponse) {
  const where = `${operation.method} ${call.url.slice(0, 300)} [${call.headers["content-type"] ?? "-"}] ${String(call.payload ?? "").slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(STACK_TRACE);
  if (res.statusCode >= 400) {
    const parsed = errorBodySchema.safeParse(res.json());
    expect(parsed.success, where).toBe(true);
    if (!parsed.success) return;
    expect(ERROR_STATUS[parsed.data.error.code], where).toBe(res.statusCode);
    expect(parsed.data.error.requestId, where).toBe(res.headers["x-request-id"]);
    if (res.statusCode === 429) expect(res.headers["retry-after"], where).toBeDefined();
    return;
  }
  // An export answers with a file, not JSON: it must be the file its endpoint declares.
  const produces = Object.entries(API_ENDPOINTS).find(([id]) => id === operation.id)?.[1].produces;
  if (produces) {
    const type = String(res.headers["content-type"]);
    expect(
      produces.some((declared) => type.startsWith(declared)),
      where,
    ).toBe(true);
    return;
  }
  const schema = responseSchemaOf(operation, res.statusCode);
  expect(schema, `no ${res.statusCode} response declared: ${where}`).toBeDefined();
  const checked = schema?.safeParse(res.json());
  expect(checked?.success, `${where}\n${JSON.stringify(checked?.error?.issues)}`).toBe(true);
}

const bodyOperations = () => operations.filter((o) => o.body !== undefined);
const urlOf = (operation: Operation, world: World) =>
  `/api${operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => (name === "typeId" ? "fine_paid" : world.ruleId))}`;

describe("request bodies (docs/decisions/011)", () => {
  it("answers a JSON body over the 64 KB limit with 413", async () => {
    const world = await buildWorld(t);
    const res = await t.request({
      method: "POST",
      url: "/api/sticky-notes",
      token: world.member.token,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ content: "x".repeat(JSON_BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers JSON sent with another content type, or none, with 415 on every route that takes a body", async () => {
    const world = await buildWorld(t);
    for (const operation of bodyOperations()) {
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/xml",
        "multipart/form-data; boundary=x",
        undefined,
      ]) {
        const res = await t.request({
          method: operation.method,
          url: urlOf(operation, world),
          token: world.member.token,
          headers: type ? { "content-type": type } : {},
          payload: '{"content":"hello"}',
        });
        // The one-click unsubscribe takes RFC 8058's form body, urlencoded or multipart (decision 052): this JSON,
        // sent as a form, is a form with a field it does not know, or a multipart body without its boundary.
        const form =
          operation.id === "unsubscribe" &&
          (type === "application/x-www-form-urlencoded" || type === "multipart/form-data; boundary=x");
        expect(res.statusCode, `${operation.method} ${operation.path} as ${type}`).toBe(form ? 400 : 415);
        expect(res.json().error.code).toBe(form ? "VALIDATION_ERROR" : "UNSUPPORTED_MEDIA_TYPE");
      }
    }
  });

  it("refuses a field the route does not know, on every route, naming it", async () => {
    const world = await buildWorld(t);
    // An upload's body is its image; Stripe's webhook reads its body raw as the event Stripe signed, whose fields are
    // Stripe's to add (its refusals are the signature's, test/billing.test.ts).
    const rawBodies = new Set(["uploadFile", "receiveStripeWebhook"]);
    for (const operation of operations.filter((o) => o.method !== "GET" && !rawBodies.has(o.id))) {
      const res = await t.request({
        method: operation.method,
        url: urlOf(operation, world),
        token: world.member.token,
        payload: { is_admin_everywhere: true },
      });
      const where = `${operation.method} ${operation.path}: ${res.body}`;
      expect(res.statusCode, where).toBe(400);
      const expected = operation.body ? /Unrecognized key.*is_admin_everywhere/ : /This request takes no body/;
      expect(res.body, where).toMatch(expected);
    }
  });

  it("refuses NUL characters and prototype keys before they reach the database", async () => {
    const world = await buildWorld(t);
    const send = (payload: string, url = "/api/sticky-notes") =>
      t.request({
        method: "POST",
        url,
        token: world.member.token,
        headers: { "content-type": "application/json" },
        payload,
      });
    expect((await send('{"content":"a\\u0000b"}')).statusCode).toBe(400);
    expect((await send('{"content":"a\\\\u0000b"}')).statusCode).toBe(201);
    expect((await send('{"__proto__":{"is_admin":true},"content":"x"}')).statusCode).toBe(400);
    expect((await send('{"constructor":{"prototype":{"is_admin":true}},"content":"x"}')).statusCode).toBe(400);
    const invite = await t.request({ method: "GET", url: "/api/invites/a%00b" });
    expect(invite.statusCode).toBe(404);
    const verify = await t.request({ method: "GET", url: "/api/auth/verify?token=a%00b" });
    expect(verify.statusCode).toBe(400);
  });

  it("refuses a body nested deeper than JSON_MAX_DEPTH on every route that takes one, by a check that agrees with the real nesting", async () => {
    const world = await buildWorld(t);
    for (const operation of bodyOperations()) {
      const res = await t.request({
        method: operation.method,
        url: urlOf(operation, world),
        token: world.member.token,
        headers: { "content-type": "application/json" },
        payload: `{"a":${"[".repeat(JSON_MAX_DEPTH)}${"]".repeat(JSON_MAX_DEPTH)}}`,
      });
      expect(res.statusCode, `${operation.method} ${operation.path}`).toBe(400);
      expect(res.json().error.message).toBe(JSON_TOO_DEEP_MESSAGE);
    }
    // The one-pass check agrees with the real nesting of any JSON text, strings full of brackets and escapes included.
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    const brackety = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a") });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        brackety,
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(brackety, tie("node"), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), (json, max) => {
        expect(nestsDeeperThan(JSON.stringify(json), max)).toBe(depthOf(json) > max);
      }),
      { numRuns: 500 },
    );
  });
});

describe("dispute markers (issue 13)", () => {
  const MARKERS = [DISPUTE_REASON_MARKER, DISPUTE_DECLINED_MARKER];
  /** Some text with a marker inside, in any mix of upper and lower case. */
  const forged = fc
    .tuple(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(...MARKERS),
      fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
      fc.string({ maxLength: 20 }),
    )
    .map(([before, marker, upper, after]) => {
      const cased = Array.from(marker)
        .map((char, index) => (upper[index] ? char.toUpperCase() : char.toLowerCase()))
        .join("");
      return `${before}${cased}${after}`;
    });

  it("are refused in every text a person writes into a fine: issue, edit, dispute and review", async () => {
    const world = await buildWorld(t);
    const lifecycle = `/api/fines/household/${world.householdId}/fines`;
    await fc.assert(
      fc.asyncProperty(forged, async (text) => {
        const calls = [
          {
            method: "POST",
            url: "/api/fines",
            payload: {
              offender_id: world.housemate.id,
              rule_id: world.ruleId,
              amount: 1,
              household_id: world.householdId,
              description: text,
            },
            token: world.member.token,
          },
          {
            method: "PATCH",
            url: `/api/fines/${world.pendingIssuedFineId}`,
            payload: { description: text },
            token: world.member.token,
          },
          {
            method: "POST",
            url: `${lifecycle}/${world.receivedFineId}/disputes`,
            payload: { reason: `Because ${text}` },
            token: world.member.token,
          },
          {
            method: "PUT",
            url: `${lifecycle}/${world.issuedFineId}/disputes/${world.disputeId}`,
            payload: { action: "decline", reason: `Because ${text}` },
            token: world.member.token,
          },
        ] as const;
        for (const call of calls) {
          const res = await t.request(call);
          expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(text)}: ${res.body}`).toBe(400);
          expect(res.json().error.message).toContain(DISPUTE_MARKER_MESSAGE);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("fuzzing every route of the OpenAPI document", () => {
  it("covers the whole API: every endpoint the contract defines, and every route under /api", () => {
    expect(operations.map((o) => o.id).sort()).toEqual(Object.keys(API_ENDPOINTS).sort());
    const undocumented = [...routes.keys()].filter(
      (key) => key.includes(" /api/") && !key.startsWith("HEAD ") && !key.endsWith("/openapi.json"),
    );
    const documented = new Set(operations.map((o) => `${o.method} /api${o.path.replace(/\{([^}]+)\}/g, ":$1")}`));
    expect(undocumented.filter((key) => !documented.has(key))).toEqual([]);
  });

  // Signed out first (it changes nothing), then as the member, in one fresh world per operation.
  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    "%s",
    async (_name, operation) => {
      const world = await buildWorld(t);
      for (const token of [undefined, world.member.token]) {
        await fc.assert(
          fc.asyncProperty(callOf(operation, world), async (call) => {
            const res = await t.request({ method: operation.method, ...call, token });
            expectSafeAnswer(operation, call, res);
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
      // POST /auth/login writes and sends a sign-in mail on each valid run: 10–12 s on a loaded 2-core machine, which
      // passed the default 20 s when four suites shared it.
    },
    60_000,
  );

  // Outside /api and the document (docs/decisions/005, 040), so asked here: any path, any `size`, signed out or in.
  it("GET /files/* and its thumbnail: an image, or the error envelope, for any path and any size", async () => {
    const world = await buildWorld(t);
    const size = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("?size=thumbnail", "", "?size=thumbnail&size=thumbnail", "?v=2") },
      { weight: 2, arbitrary: hostileValue().map((value) => `?size=${encodeSegment(queryText(value))}`) },
    );
    await fc.assert(
      fc.asyncProperty(uploadPath(world), size, fc.boolean(), async (filePath, query, signedIn) => {
        const url = `/files/${filePath}${query}`;
        const res = await t.request({ method: "GET", url, token: signedIn ? world.member.token : undefined });
        const where = `GET ${url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode === 200) {
          expect(IMAGE_TYPES as readonly string[], where).toContain(res.headers["content-type"]);
          return;
        }
        expect(res.body, where).not.toMatch(STACK_TRACE);
        const parsed = errorBodySchema.safeParse(res.json());
        expect(parsed.success, where).toBe(true);
        if (parsed.success) expect(ERROR_STATUS[parsed.data.error.code], where).toBe(res.statusCode);
      }),
      { numRuns: RUNS * 2, endOnFailure: true },
    );
  });

  // The member is in a household, so the run above meets 409 there: a newcomer takes the join's own path.
  it("POST /invites/{code}/join as a newcomer: hostile names are refused, and a joiner's name is a valid display name", async () => {
    const world = await buildWorld(t);
    const operation = operations.find((o) => o.method === "POST" && o.path === "/invites/{code}/join");
    expect(operation).toBeDefined();
    if (!operation) return;
    await fc.assert(
      fc.asyncProperty(callOf(operation, world), async (call) => {
        const newcomer = await buildMember(t.db);
        const res = await t.request({ method: "POST", ...call, token: newcomer.token });
        expectSafeAnswer(operation, call, res);
        if (res.statusCode === 200) expect(isValidDisplayName(res.json().data.user.display_name)).toBe(true);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it("left no trace on Object.prototype", () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
