import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "@housemate/contract";
import { createTestContext, type TestContext } from "./helpers/app.js";

/**
 * Issue 15 'The contract names the routes': the OpenAPI document, made from the contract's endpoints, is good enough
 * for someone else's client. Redocly CLI's recommended rules find no error in it, and every operation has its
 * operationId, summary, security and error responses.
 */
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
}
interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: "error" | "warn"; message: string }[];
}

const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")),
  "bin/cli.js",
);

let t: TestContext;
let dir: string;
let operations: Operation[];
let documentPath: string;
beforeAll(async () => {
  t = await createTestContext();
  dir = await mkdtemp(path.join(tmpdir(), "housemate-openapi-"));
  const document = (await t.request({ method: "GET", url: "/api/openapi.json" })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  documentPath = path.join(dir, "openapi.json");
  await writeFile(documentPath, JSON.stringify(document, null, 2));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the OpenAPI document", () => {
  it("has one operation per contract endpoint, named by its operationId, with a summary and tags", () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(API_ENDPOINTS).sort());
    for (const operation of operations) {
      expect(operation.summary, operation.operationId).toBeTruthy();
      expect(operation.tags?.length, operation.operationId).toBeGreaterThan(0);
    }
  });

  it("says each operation's security: the bearer token, or none said explicitly", () => {
    for (const operation of operations) {
      const endpoint = API_ENDPOINTS[operation.operationId as keyof typeof API_ENDPOINTS];
      expect(operation.security, operation.operationId).toEqual(endpoint.auth === "session" ? [{ bearer: [] }] : []);
    }
  });

  it("lists each operation's error responses", () => {
    for (const operation of operations) {
      const statuses = Object.keys(operation.responses ?? {});
      expect(
        statuses.filter((status) => status >= "400"),
        operation.operationId,
      ).toContain("500");
    }
  });

  it("describes an export's answer as its file (CSV or PDF), and its errors as SPEC §8's JSON body", () => {
    const exports = operations.filter((operation) => operation.operationId?.startsWith("exportFines"));
    const answers = exports.map((operation) => [operation.operationId, operation.responses?.["200"]]);
    const file = (type: string) => ({
      description: "The file",
      content: { [type]: { schema: { type: "string", format: "binary" } } },
    });
    expect(Object.fromEntries(answers)).toEqual({
      exportFinesCsv: file("text/csv"),
      exportFinesPdf: file("application/pdf"),
    });
    for (const operation of exports) {
      const forbidden = operation.responses?.["403"] as { content?: Record<string, unknown> } | undefined;
      expect(Object.keys(forbidden?.content ?? {}), operation.operationId).toEqual(["application/json"]);
    }
  });

  it("describes Stripe's webhook as public, with a bad signature's 400, plans off's 404, 413 and Stripe's outage 503", () => {
    const webhook = operations.find((operation) => operation.operationId === "receiveStripeWebhook");
    expect(webhook?.security).toEqual([]);
    expect(Object.keys(webhook?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "404", "413", "503"]));
  });

  it("describes the unsubscribe link's GET and one-click POST as public, with the invalid link's 404", () => {
    for (const operationId of ["getUnsubscribe", "unsubscribe"]) {
      const operation = operations.find((candidate) => candidate.operationId === operationId);
      expect(operation?.security, operationId).toEqual([]);
      expect(Object.keys(operation?.responses ?? {}), operationId).toEqual(expect.arrayContaining(["200", "404"]));
    }
  });

  it("describes issue 23's push routes as the signed-in person's, subscribing with its 201 and refusal's 400", () => {
    const byId = (id: string) => operations.find((candidate) => candidate.operationId === id);
    for (const id of ["getPushKey", "subscribePush", "unsubscribePush"]) {
      expect(byId(id)?.security, id).toEqual([{ bearer: [] }]);
      expect(byId(id)?.tags, id).toEqual(["notifications"]);
    }
    expect(Object.keys(byId("subscribePush")?.responses ?? {})).toEqual(expect.arrayContaining(["201", "400", "401"]));
    expect(Object.keys(byId("unsubscribePush")?.responses ?? {})).toEqual(expect.arrayContaining(["200", "404"]));
  });

  it("passes Redocly CLI's recommended rules with no error", async () => {
    const lint = await promisify(execFile)(
      process.execPath,
      [redoclyCli, "lint", documentPath, "--extends", "recommended", "--format", "json"],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    ).catch((failure: unknown) => ({ stdout: (failure as { stdout?: string }).stdout ?? "" })); // lint exits 1 on errors
    const report = JSON.parse(lint.stdout) as LintReport;
    const errors = report.problems.filter((problem) => problem.severity === "error");
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);
});
