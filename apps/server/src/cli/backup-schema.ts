import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where drizzle's migrations are (as db/client.ts reads them). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

interface Journal {
  entries: JournalEntry[];
}

/** This code's migrations, oldest first. */
export async function migrationJournal(folder = MIGRATIONS_FOLDER): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
  return journal.entries;
}

/**
 * A copy of the migrations folder that stops at `last` (drizzle's migrator has no "up to"), so a restore can bring
 * an empty database to the schema its rows were dumped from; removed by `dispose`.
 */
export async function migrationsUpTo(last: JournalEntry): Promise<{ folder: string; dispose(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "housemate-migrations-"));
  try {
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as Journal;
    journal.entries = journal.entries.filter((entry) => entry.idx <= last.idx);
    await writeFile(journalPath, JSON.stringify(journal));
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { folder, dispose: () => rm(folder, { recursive: true, force: true }) };
}
