import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultPgliteTemplate, openDatabase, type DatabaseHandle } from "../src/db/client.js";
import { pgliteTemplate, saveTemplate, templateTarball, type PgliteTemplate } from "../src/db/pglite-template.js";
import { households } from "../src/db/schema.js";
import { TEST_ENGINE } from "./helpers/database.js";

const MIGRATIONS = fileURLToPath(new URL("../drizzle", import.meta.url));
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
/** A first boot without a template runs PGlite's initdb: several seconds, more on a busy machine. */
const INITDB_MS = 120_000;

let scratch: string;
/** The build's template with a marker table added, saved under the current key: a boot from it shows the marker. */
let marked: PgliteTemplate;

/** A template of `key` in `cache` holding the build's database plus a marker table. */
async function markedTemplate(cache: string, key: string): Promise<PgliteTemplate> {
  const tarball = templateTarball(defaultPgliteTemplate());
  if (!tarball) throw new Error("the build's template is missing (test/global-setup.ts makes it)");
  const database = new PGlite({ loadDataDir: tarball });
  try {
    await database.exec("create table made_from_template (id int)");
    const template = { cache, key };
    await saveTemplate(template, database);
    return template;
  } finally {
    await database.close();
  }
}

/** One row of one value from a raw statement (both drivers answer `{ rows }`). */
async function single<T extends z.ZodType>(database: DatabaseHandle, query: SQL, value: T): Promise<z.infer<T>> {
  const result: unknown = await database.db.execute(query);
  const [row] = z.object({ rows: z.array(z.object({ value: z.unknown() })) }).parse(result).rows;
  return value.parse(row?.value);
}

const hasMarker = (database: DatabaseHandle) =>
  single(database, sql`select to_regclass('made_from_template') is not null as value`, z.boolean());
const appliedMigrations = (database: DatabaseHandle) =>
  single(database, sql`select count(*)::int as value from drizzle.__drizzle_migrations`, z.number());

describe.skipIf(TEST_ENGINE !== "pglite")("PGlite first boot from the build's template", () => {
  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), "housemate-template-"));
    marked = await markedTemplate(path.join(scratch, "cache"), defaultPgliteTemplate().key);
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("gives a new data folder a working, migrated database that is kept across restarts", async () => {
    const dataDir = path.join(scratch, "first-boot");
    const first = await openDatabase({ dataDir, pgliteTemplate: marked });
    let householdId: string;
    try {
      expect(await hasMarker(first)).toBe(true);
      expect(await appliedMigrations(first)).toBe(journal.entries.length);
      const [household] = await first.db.insert(households).values({ name: "Flat 4", currency: "EUR" }).returning();
      if (!household) throw new Error("no household inserted");
      householdId = household.id;
    } finally {
      await first.close();
    }

    // The folder now holds a database: the restart resumes it, and the template is not laid over it.
    const restarted = await openDatabase({ dataDir, pgliteTemplate: marked });
    try {
      const kept = await restarted.db.select().from(households).where(eq(households.id, householdId));
      expect(kept.map((h) => h.name)).toEqual(["Flat 4"]);
    } finally {
      await restarted.close();
    }
  });

  it("fills an empty data folder too", async () => {
    const dataDir = path.join(scratch, "empty-folder");
    mkdirSync(path.join(dataDir, "pgdata"), { recursive: true });
    const database = await openDatabase({ dataDir, pgliteTemplate: marked });
    try {
      expect(await hasMarker(database)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("starts an in-memory database from it", async () => {
    const database = await openDatabase({ pgliteTemplate: marked });
    try {
      expect(await hasMarker(database)).toBe(true);
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });

  it(
    "never loads a template made by another PGlite version, and never lays a template over an existing database",
    async () => {
      const cache = path.join(scratch, "other-version");
      const current = pgliteTemplate(MIGRATIONS, cache);
      await markedTemplate(cache, pgliteTemplate(MIGRATIONS, cache, "0.4.4").key);
      const dataDir = path.join(scratch, "initdb-boot");

      // Only another version's template is there: PGlite runs initdb, and the database works all the same.
      const first = await openDatabase({ dataDir, pgliteTemplate: current });
      try {
        expect(await hasMarker(first)).toBe(false);
        expect(await appliedMigrations(first)).toBe(journal.entries.length);
        await first.db.insert(households).values({ name: "Flat 9", currency: "GBP" });
      } finally {
        await first.close();
      }

      // Now a template of the current key exists, but the folder already holds a database: it is resumed as it is.
      const again = await openDatabase({ dataDir, pgliteTemplate: marked });
      try {
        expect(await hasMarker(again)).toBe(false);
        const kept = await again.db.select().from(households);
        expect(kept.map((h) => h.name)).toEqual(["Flat 9"]);
      } finally {
        await again.close();
      }
    },
    INITDB_MS,
  );
});
