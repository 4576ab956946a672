import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  activityApi,
  API_ENDPOINTS,
  authApi,
  balanceApi,
  appealsApi,
  mailApi,
  pushApi,
  exportsApi,
  finesApi,
  fundApi,
  healthApi,
  householdsApi,
  insightsApi,
  invitesApi,
  notesApi,
  notificationsApi,
  plansApi,
  fineExportSearch,
  pathOf,
  rulesApi,
  storageApi,
  supportApi,
  uploadPathValues,
  usersApi,
  type PathValues,
} from "../src/index.js";

const FEATURE_APIS = [
  healthApi,
  authApi,
  householdsApi,
  invitesApi,
  usersApi,
  notificationsApi,
  rulesApi,
  finesApi,
  balanceApi,
  fundApi,
  storageApi,
  notesApi,
  activityApi,
  insightsApi,
  exportsApi,
  plansApi,
  supportApi,
  appealsApi,
  mailApi,
  pushApi,
];

describe("endpoints defined once", () => {
  it("names every feature's endpoint in API_ENDPOINTS, none hiding another of the same name", () => {
    const defined = FEATURE_APIS.reduce((count, api) => count + Object.keys(api).length, 0);
    expect(Object.keys(API_ENDPOINTS)).toHaveLength(defined);
  });

  it("gives each method and path to one endpoint", () => {
    const routes = Object.values(API_ENDPOINTS).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("declares a schema for exactly the parameters its path names", () => {
    for (const [id, endpoint] of Object.entries(API_ENDPOINTS)) {
      const named = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
      expect(declared, id).toEqual(named);
    }
  });

  it("says which errors a session endpoint may answer with, 401 among them", () => {
    expect(finesApi.payFine.errors).toEqual(
      expect.arrayContaining(["FORBIDDEN", "UNAUTHENTICATED", "VALIDATION_ERROR", "INTERNAL"]),
    );
    expect(healthApi.getHealth.errors).not.toContain("UNAUTHENTICATED");
  });
});

describe("pathOf", () => {
  it("fills and encodes the path's parameters", () => {
    expect(pathOf(finesApi.payFine, { hid: "h 1", fid: "f/2" })).toBe("/fines/household/h%201/fines/f%2F2/pay");
    expect(pathOf(notesApi.listStickyNotes, {})).toBe("/sticky-notes");
  });

  it("is typed by the path: a missing or renamed parameter does not compile", () => {
    expectTypeOf<PathValues<typeof finesApi.reviewDispute>>().toEqualTypeOf<Record<"hid" | "fid" | "did", string>>();
    // @ts-expect-error `fid` is missing
    expect(() => pathOf(finesApi.payFine, { hid: "h" })).toThrow();
  });

  it("splits a reserved upload's filePath into the upload route's parameters", () => {
    const values = uploadPathValues("rule-images/abcdefghijklmnopqrstuvwxyz012345.png");
    expect(pathOf(storageApi.uploadFile, values)).toBe(
      "/storage/upload/rule-images/abcdefghijklmnopqrstuvwxyz012345.png",
    );
    expect(storageApi.uploadFile.params.safeParse(values).success).toBe(true);
  });
});

describe("fineExportSearch", () => {
  it("writes the chosen filters as a query, leaving out those not chosen", () => {
    expect(fineExportSearch({})).toBe("");
    expect(fineExportSearch({ from: "2026-01-01", to: "2026-11-26" })).toBe("?from=2026-01-01&to=2026-11-26");
    expect(fineExportSearch({ member: "u 1", to: "" })).toBe("?member=u+1");
  });

  it("is what the export endpoints' query schema reads back", () => {
    const filters = { from: "2026-01-01", to: "2026-11-26", member: "22222222-2222-4222-8222-222222222222" };
    const query = Object.fromEntries(new URLSearchParams(fineExportSearch(filters)));
    expect(exportsApi.exportFinesCsv.query.parse(query)).toEqual(filters);
  });
});
