import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { loadConfig, ConfigError } from "../src/config.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { TEST_ENGINE } from "./helpers/database.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    // A route that fails the way a bug would, to prove 500s hide their details.
    beforeReady: (app) =>
      app.get("/api/__boom", () => {
        throw new Error("select * from secret_table where password = 'hunter2'");
      }),
  });
});
afterAll(() => t.close());

describe("health", () => {
  it("reports ok with the database engine in use", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: "ok", database: TEST_ENGINE } });
  });
});

describe("API conventions", () => {
  it("answers an unknown API path with the 404 envelope", async () => {
    const res = await t.request({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body.error).toMatchObject({
      code: "NOT_FOUND",
      message: "The requested resource was not found.",
    });
    expect(body.error.requestId).toBe(res.headers["x-request-id"]);
  });

  it("answers malformed JSON with 400 VALIDATION_ERROR", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/health",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("hides the details of an unexpected failure behind a 500", async () => {
    const res = await t.request({ method: "GET", url: "/api/__boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatchObject({
      code: "INTERNAL",
      message: "The server encountered an error. Please try again later.",
    });
    expect(res.body).not.toContain("secret_table");
    expect(res.body).not.toContain("at ");
  });

  it("echoes a well-formed X-Request-ID and replaces a bad one", async () => {
    const echoed = await t.request({ method: "GET", url: "/api/health", headers: { "x-request-id": "abc-123" } });
    expect(echoed.headers["x-request-id"]).toBe("abc-123");
    const replaced = await t.request({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "bad id\u0001" },
    });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("publishes an OpenAPI 3.1 document", async () => {
    const res = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths).toHaveProperty("/health");
  });

  it("documents every list of fines as a page: its query and the page beside the fines (decision 022)", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json();
    for (const path of ["/fines", "/fines/user/{offenderId}", "/fines/household/{householdId}"]) {
      const list = doc.paths[path].get;
      const query = list.parameters
        .filter((p: { in: string }) => p.in === "query")
        .map((p: { name: string }) => p.name);
      expect(query, path).toEqual(["limit", "cursor", "status", "created_by", "reviewer"]);
      const page = list.responses["200"].content["application/json"].schema;
      expect(page.required, path).toEqual(["data", "page"]);
      expect(Object.keys(page.properties.page.properties), path).toEqual([
        "total",
        "amount",
        "next_cursor",
        "by_status",
      ]);
    }
  });
});

describe("migrations", () => {
  it("creates every table of the schema", async () => {
    const result: unknown = await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const rows = z.object({ rows: z.array(z.object({ table_name: z.string() })) }).parse(result).rows;
    const names = rows.map((r) => r.table_name);
    for (const table of [
      "users",
      "sessions",
      "magic_links",
      "households",
      "invites",
      "rules",
      "fines",
      "disputes",
      "notifications",
      "sticky_notes",
      "uploads",
    ]) {
      expect(names).toContain(table);
    }
  });
});

describe("configuration", () => {
  it("uses DESIGN's defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      dataDir: "./data",
      mailFrom: "Housemate <no-reply@localhost>",
      logLevel: "info",
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it("refuses a bad value and names the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });
});

describe("proxy trust", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY says a proxy is in front", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1,10.0.0.2" }).trustProxy).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(() => loadConfig({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
  });
});
