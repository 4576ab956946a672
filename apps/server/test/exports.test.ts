import { spawn } from "node:child_process";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { constants as zlib, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { fines, households, users } from "../src/db/schema.js";
import { neutraliseFormula } from "../src/features/exports/spreadsheet-safe.js";
import { exportFineBatches } from "../src/features/exports/queries.js";
import { exportScope } from "../src/features/exports/period.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildFine, buildHousehold, buildMember, buildRule, unknownId } from "./helpers/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const BOM = "\uFEFF";
const HEADER = [
  "Date issued",
  "Rule",
  "Offender",
  "Issuer",
  "Amount",
  "Currency",
  "Status",
  "Date paid",
  "Disputed",
  "Dispute outcome",
  "Description",
];

/** Zoë (admin) fines Ben; the household's name has an accent; Dan lives elsewhere. */
async function flat(householdName = "Café Ünion") {
  const zoe = await buildMember(t.db, undefined, { displayName: "Zoë Müller" });
  const household = await buildHousehold(t.db, zoe.user.id, { name: householdName, currency: "GBP" });
  const ben = await buildMember(t.db, household.id, { displayName: "Ben Okafor" });
  const dan = await buildMember(t.db, undefined, { displayName: "Dan" });
  await buildHousehold(t.db, dan.user.id);
  const rule = await buildRule(t.db, household.id, zoe.user.id, { title: "Dishes in the sink" });
  const fine = (offenderId: string, overrides: Parameters<typeof buildFine>[2] = {}) =>
    buildFine(t.db, { householdId: household.id, issuerId: zoe.user.id, offenderId, ruleId: rule.id }, overrides);
  return { household, zoe, ben, dan, rule, fine };
}

const exportOf = (householdId: string, format: "csv" | "pdf", token: string | undefined, query = "") =>
  t.request({ method: "GET", url: `/api/households/${householdId}/exports/fines.${format}${query}`, token });

/** The CSV's records after its header, checking the byte order mark and CRLF line ends on the way. */
function csvRecords(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  const rows: string[][] = parse(body.slice(BOM.length), { record_delimiter: "\r\n" });
  expect(rows[0]).toEqual(HEADER);
  return rows.slice(1);
}

function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"]);
    const out: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString("utf8")) : reject(new Error(`pdftotext ${code}`)),
    );
    child.stdin.end(pdf);
  });
}

describe("neutraliseFormula", () => {
  it.each(["=SUM(A1)", "+1", "-1", "@cmd", "\tx", "\rx"])("prefixes %j with a quote", (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it("leaves other text as it is, a formula starter inside it too", () => {
    for (const text of ["Dishes", "a=b", "", " =1", "'quoted", "Zoë"]) expect(neutraliseFormula(text)).toBe(text);
  });
});

describe("fine history as CSV", () => {
  it("parses back to exactly the fines of the household, oldest first", async () => {
    const w = await flat();
    await w.fine(w.ben.user.id, {
      amountMinor: 1250,
      createdAt: new Date("2026-03-01T10:00:00Z"),
      description: "Left the pans",
    });
    await w.fine(w.zoe.user.id, {
      amountMinor: 300,
      status: "paid",
      paidAt: new Date("2026-03-05T09:00:00Z"),
      createdAt: new Date("2026-03-02T10:00:00Z"),
    });
    const disputed = await w.fine(w.ben.user.id, {
      amountMinor: 99,
      status: "cancelled",
      createdAt: new Date("2026-03-03T10:00:00Z"),
      description: "",
    });
    await t.db.execute(
      `insert into disputes (fine_id, raised_by, reason, status) values ('${disputed.id}', '${w.ben.user.id}', 'Not me', 'accepted')`,
    );
    await w.fine(w.ben.user.id, {
      amountMinor: 500,
      status: "cancelled",
      cancelReason: "left",
      createdAt: new Date("2026-03-04T10:00:00Z"),
    });
    const other = await flat("Elsewhere");
    await other.fine(other.ben.user.id);

    const res = await exportOf(w.household.id, "csv", w.ben.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.body).toContain("\r\n");
    expect(csvRecords(res.body)).toEqual([
      [
        "2026-03-01",
        "Dishes in the sink",
        "Ben Okafor",
        "Zoë Müller",
        "12.50",
        "GBP",
        "Pending",
        "",
        "no",
        "",
        "Left the pans",
      ],
      [
        "2026-03-02",
        "Dishes in the sink",
        "Zoë Müller",
        "Zoë Müller",
        "3.00",
        "GBP",
        "Paid",
        "2026-03-05",
        "no",
        "",
        "Pans left in the sink",
      ],
      [
        "2026-03-03",
        "Dishes in the sink",
        "Ben Okafor",
        "Zoë Müller",
        "0.99",
        "GBP",
        "Cancelled",
        "",
        "yes",
        "Accepted",
        "",
      ],
      [
        "2026-03-04",
        "Dishes in the sink",
        "Ben Okafor",
        "Zoë Müller",
        "5.00",
        "GBP",
        "Written off",
        "",
        "no",
        "",
        "Pans left in the sink",
      ],
    ]);
  });

  it("shows a dispute whose fine was written off as written off, not pending", async () => {
    const w = await flat();
    const fine = await w.fine(w.ben.user.id);
    const url = `/api/fines/household/${w.household.id}/fines/${fine.id}/disputes`;
    const raised = await t.request({ method: "POST", url, token: w.ben.token, payload: { reason: "Not me at all" } });
    expect(raised.statusCode, raised.body).toBe(201);
    const left = await t.request({
      method: "POST",
      url: `/api/households/${w.household.id}/leave`,
      token: w.ben.token,
      payload: { confirmWriteOff: true },
    });
    expect(left.statusCode, left.body).toBe(200);
    const [row] = csvRecords((await exportOf(w.household.id, "csv", w.zoe.token)).body);
    expect(row?.slice(6, 10)).toEqual(["Written off", "", "yes", "Written off"]);
  });

  it("names a deleted account 'Former member'", async () => {
    const w = await flat();
    await w.fine(w.ben.user.id, { createdAt: new Date("2026-01-01T00:00:00Z") });
    await t.db.update(users).set({ deletedAt: new Date(), householdId: null }).where(eq(users.id, w.ben.user.id));
    const [row] = csvRecords((await exportOf(w.household.id, "csv", w.zoe.token)).body);
    expect(row?.[2]).toBe("Former member");
  });

  it("keeps the fines from the first day to the last, both included, and one offender's when asked", async () => {
    const w = await flat();
    const at = [
      "2026-02-28T23:59:59.999Z",
      "2026-03-01T00:00:00.000Z",
      "2026-03-31T23:59:59.999Z",
      "2026-04-01T00:00:00.000Z",
    ];
    for (const [i, time] of at.entries()) {
      await w.fine(i % 2 === 0 ? w.ben.user.id : w.zoe.user.id, { createdAt: new Date(time), description: time });
    }
    const inMarch = csvRecords(
      (await exportOf(w.household.id, "csv", w.zoe.token, "?from=2026-03-01&to=2026-03-31")).body,
    );
    expect(inMarch.map((row) => row[10])).toEqual([at[1], at[2]]);
    const bens = csvRecords((await exportOf(w.household.id, "csv", w.zoe.token, `?member=${w.ben.user.id}`)).body);
    expect(bens.map((row) => row[10])).toEqual([at[0], at[2]]);
    const bensInMarch = csvRecords(
      (await exportOf(w.household.id, "csv", w.zoe.token, `?from=2026-03-01&to=2026-03-31&member=${w.ben.user.id}`))
        .body,
    );
    expect(bensInMarch.map((row) => row[10])).toEqual([at[2]]);
  });

  it("takes dates beyond what the database holds: before year 1 matches nothing, 9999-12-31 bounds nothing", async () => {
    const w = await flat();
    await w.fine(w.ben.user.id);
    for (const format of ["csv", "pdf"] as const) {
      const none = await exportOf(w.household.id, format, w.zoe.token, "?from=0000-01-01&to=0000-01-01");
      expect(none.statusCode).toBe(200);
      const all = await exportOf(w.household.id, format, w.zoe.token, "?from=0000-01-01&to=9999-12-31");
      expect(all.statusCode).toBe(200);
      if (format === "csv") {
        expect(csvRecords(none.body)).toEqual([]);
        expect(csvRecords(all.body)).toHaveLength(1);
      }
    }
  });

  it("neutralises a formula at the start of every text cell, for each of the six starters", async () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      const zoe = await buildMember(t.db, undefined, { displayName: `${start}Zoe` });
      const household = await buildHousehold(t.db, zoe.user.id);
      const ben = await buildMember(t.db, household.id, { displayName: `${start}Ben` });
      const rule = await buildRule(t.db, household.id, zoe.user.id, { title: `${start}HYPERLINK("x")` });
      await buildFine(
        t.db,
        { householdId: household.id, issuerId: zoe.user.id, offenderId: ben.user.id, ruleId: rule.id },
        { description: `${start}1+1` },
      );
      const [row] = csvRecords((await exportOf(household.id, "csv", zoe.token)).body);
      expect([row?.[1], row?.[2], row?.[3], row?.[10]]).toEqual([
        `'${start}HYPERLINK("x")`,
        `'${start}Ben`,
        `'${start}Zoe`,
        `'${start}1+1`,
      ]);
    }
  });

  it("keeps quotes, commas and line breaks in text through a round trip", async () => {
    const w = await flat();
    const description = 'He said "not me", then left;\r\nagain,\nand again';
    await w.fine(w.ben.user.id, { description });
    const [row] = csvRecords((await exportOf(w.household.id, "csv", w.zoe.token)).body);
    expect(row?.[10]).toBe(description);
  });

  it("downloads under the household's and the period's name, and is never cached", async () => {
    const w = await flat("Café Ünion");
    const res = await exportOf(w.household.id, "csv", w.zoe.token, "?from=2026-01-01&to=2026-06-30");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="housemate-fines-cafe-union-2026-01-01-2026-06-30.csv"; ` +
        `filename*=UTF-8''housemate-fines-caf%C3%A9-%C3%BCnion-2026-01-01-2026-06-30.csv`,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("streams a long history: sent in chunks with no length, read from the database a batch at a time", async () => {
    const w = await flat();
    const base = Date.parse("2025-01-01T00:00:00Z");
    await t.db.insert(fines).values(
      Array.from({ length: 1200 }, (_, i) => ({
        householdId: w.household.id,
        createdBy: w.zoe.user.id,
        offenderId: w.ben.user.id,
        ruleId: w.rule.id,
        amountMinor: 100 + i,
        // Pairs share a millisecond, so the batches' keyset must be exact to the microsecond.
        createdAt: new Date(base + Math.floor(i / 2) * 60_000),
        description: `Fine ${i}`,
      })),
    );
    const batches: number[] = [];
    for await (const batch of exportFineBatches(t.db, exportScope(w.household.id, {}))) batches.push(batch.length);
    expect(batches).toEqual([500, 500, 200]);

    const res = await exportOf(w.household.id, "csv", w.zoe.token);
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    const rows = csvRecords(res.body);
    expect(rows).toHaveLength(1200);
    expect(new Set(rows.map((row) => row[10])).size).toBe(1200);
  });

  it("sends a compressed CSV a batch at a time: the first bytes on the wire hold the header and rows, not the whole file", async () => {
    const w = await flat();
    await t.db.insert(fines).values(
      Array.from({ length: 1200 }, (_, i) => ({
        householdId: w.household.id,
        createdBy: w.zoe.user.id,
        offenderId: w.ben.user.id,
        ruleId: w.rule.id,
        amountMinor: 100 + i,
        createdAt: new Date(Date.parse("2025-01-01T00:00:00Z") + i * 60_000),
        description: `Fine ${i}`,
      })),
    );
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/households/${w.household.id}/exports/fines.csv`;
    for (const encoding of ["gzip", "br"] as const) {
      const chunks = await new Promise<Buffer[]>((resolve, reject) => {
        const headers = { authorization: `Bearer ${w.zoe.token}`, "accept-encoding": encoding };
        get(url, { headers }, (res) => {
          expect(res.headers["content-encoding"]).toBe(encoding);
          const received: Buffer[] = [];
          res.on("data", (chunk: Buffer) => received.push(chunk));
          res.on("end", () => resolve(received));
          res.on("error", reject);
        }).on("error", reject);
      });
      // Each batch was flushed: the first chunk alone decompresses to the header and some rows, but not all.
      const [first] = chunks;
      if (!first) throw new Error("no body");
      const text = (
        encoding === "gzip"
          ? gunzipSync(first, { finishFlush: zlib.Z_SYNC_FLUSH })
          : brotliDecompressSync(first, { finishFlush: zlib.BROTLI_OPERATION_FLUSH })
      ).toString("utf8");
      expect(text).toContain("Date issued");
      expect(text.split("\r\n").length).toBeLessThan(1200);
      const whole = Buffer.concat(chunks);
      const all = (encoding === "gzip" ? gunzipSync(whole) : brotliDecompressSync(whole)).toString("utf8");
      expect(csvRecords(all)).toHaveLength(1200);
    }
  });
});

describe("fine statement as PDF", () => {
  it("shows the household, the period, each member's totals and the fund's balance", async () => {
    const w = await flat();
    const paid = await w.fine(w.ben.user.id, { amountMinor: 1250, createdAt: new Date("2026-05-02T12:00:00Z") });
    const pay = await t.request({
      method: "PUT",
      url: `/api/fines/household/${w.household.id}/fines/${paid.id}/pay`,
      token: w.ben.token,
    });
    expect(pay.statusCode).toBe(200);
    await w.fine(w.ben.user.id, { amountMinor: 700, createdAt: new Date("2026-05-03T12:00:00Z") });
    await w.fine(w.zoe.user.id, { amountMinor: 325, status: "disputed", createdAt: new Date("2026-05-04T12:00:00Z") });
    await w.fine(w.zoe.user.id, { amountMinor: 900, status: "cancelled", createdAt: new Date("2026-05-05T12:00:00Z") });

    const res = await exportOf(w.household.id, "pdf", w.zoe.token, "?from=2026-05-01&to=2026-05-31");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(
      'filename="housemate-fines-cafe-union-2026-05-01-2026-05-31.pdf"',
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Café Ünion");
    expect(text).toContain("Fine statement, 2026-05-01 to 2026-05-31");
    const lines = text.split("\n").map((line) => line.trim().split(/ {2,}/));
    expect(lines).toContainEqual(["Member", "Fined", "Paid", "Owed"]);
    expect(lines).toContainEqual(["Ben Okafor", "£19.50", "£12.50", "£7.00"]);
    expect(lines).toContainEqual(["Zoë Müller", "£3.25", "£0.00", "£3.25"]);
    expect(text).toContain("Fund balance: £12.50");
    expect(lines).toContainEqual(["2026-05-04", "Dishes in the sink", "Zoë Müller", "£3.25", "Disputed"]);
  });

  it("lists no deleted account among the members (its row keeps the household)", async () => {
    const w = await flat();
    const deleted = await t.request({ method: "DELETE", url: `/api/users/${w.ben.user.id}`, token: w.ben.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, w.ben.user.id));
    expect(row?.householdId).toBe(w.household.id);
    const text = await pdfText((await exportOf(w.household.id, "pdf", w.zoe.token)).rawPayload);
    expect(text).toContain("Zoë Müller");
    expect(text).not.toContain("Former member");
    expect(text).not.toContain("Ben Okafor");
  });

  it("writes every currency's sign the font has: the yen half width, the rupee and the euro", async () => {
    for (const [currency, sign] of [
      ["JPY", "¥"],
      ["INR", "₹"],
      ["EUR", "€"],
    ] as const) {
      const w = await flat();
      await t.db.update(households).set({ currency }).where(eq(households.id, w.household.id));
      await w.fine(w.ben.user.id, { amountMinor: 1250 });
      const text = await pdfText((await exportOf(w.household.id, "pdf", w.zoe.token)).rawPayload);
      expect(text, currency).toContain(`${sign}12.50`);
    }
  });

  it("cuts a title too long for its column with an ellipsis", async () => {
    const w = await flat();
    const rule = await buildRule(t.db, w.household.id, w.zoe.user.id, { title: "Very long rule ".repeat(6).trim() });
    await buildFine(t.db, {
      householdId: w.household.id,
      issuerId: w.zoe.user.id,
      offenderId: w.ben.user.id,
      ruleId: rule.id,
    });
    const text = await pdfText((await exportOf(w.household.id, "pdf", w.zoe.token)).rawPayload);
    const row = text.split("\n").find((line) => line.includes("Very long rule"));
    expect(row).toContain("…");
    expect(row).not.toContain(rule.title);
  });

  it("repeats the heading on every page and numbers the pages", async () => {
    const w = await flat();
    await t.db.insert(fines).values(
      Array.from({ length: 120 }, (_, i) => ({
        householdId: w.household.id,
        createdBy: w.zoe.user.id,
        offenderId: w.ben.user.id,
        ruleId: w.rule.id,
        amountMinor: 100,
        createdAt: new Date(Date.parse("2026-01-01T00:00:00Z") + i * 60_000),
      })),
    );
    const text = await pdfText((await exportOf(w.household.id, "pdf", w.zoe.token)).rawPayload);
    const pages = text.split("\f").filter((page) => page.trim() !== "");
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain("Café Ünion");
      expect(page).toContain(`Page ${i + 1}`);
    });
    expect(pages[1]).toContain("Offender");
  });
});

describe("who may export", () => {
  it("refuses the signed out, other households, former members and unknown households", async () => {
    const w = await flat();
    for (const format of ["csv", "pdf"] as const) {
      expect((await exportOf(w.household.id, format, undefined)).statusCode).toBe(401);
      expect((await exportOf(w.household.id, format, w.dan.token)).statusCode).toBe(403);
      expect((await exportOf(unknownId(), format, w.zoe.token)).statusCode).toBe(404);
      expect(
        (await exportOf(w.household.id, format, w.ben.token, "?from=2026-02-01&to=2026-01-01")).json(),
      ).toMatchObject({
        error: { code: "VALIDATION_ERROR" },
      });
    }
    await t.db.update(users).set({ householdId: null }).where(eq(users.id, w.ben.user.id));
    expect((await exportOf(w.household.id, "csv", w.ben.token)).statusCode).toBe(403);
  });
});
