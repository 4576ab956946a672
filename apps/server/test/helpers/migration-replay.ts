import { readdir, readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../src/db/client.js";

const FOLDER = new URL("../../drizzle/", import.meta.url);

/**
 * A migration's data step tested on rows as they were before it: every earlier migration replayed into a scratch
 * `schema` inside the caller's transaction (which the caller rolls back), so the test can insert old-shaped rows, then
 * `apply()` the migration named by its tag's suffix (`appeals` for 0014_appeals.sql).
 */
export async function replayMigrationsBefore(
  tx: Transaction,
  migration: string,
  schema: string,
): Promise<{ apply: () => Promise<void> }> {
  const files = (await readdir(FOLDER)).filter((name) => name.endsWith(".sql")).sort();
  const index = files.findIndex((name) => name.endsWith(`_${migration}.sql`));
  const target = files[index];
  if (index <= 0 || target === undefined) throw new Error(`No migration after the first ends with _${migration}.sql`);
  const run = async (name: string) => {
    const text = (await readFile(new URL(name, FOLDER), "utf8")).replaceAll('"public".', "");
    for (const statement of text.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
  };
  await tx.execute(sql.raw(`create schema ${schema}`));
  await tx.execute(sql.raw(`set local search_path to ${schema}`));
  for (const name of files.slice(0, index)) await run(name);
  return { apply: () => run(target) };
}
