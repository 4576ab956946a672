import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

/**
 * PGlite 0.5 runs `initdb` in WebAssembly on its first start: 5–10 s and hundreds of MB on a small machine.
 * A template is that first start done once by the build (`npm run build -w @housemate/server`): a freshly
 * initialised, migrated database, kept as a folder (copied into an empty data folder, then resumed) and as a
 * tarball (loaded into an in-memory database with `loadDataDir`). Without one, PGlite runs initdb as before.
 */
export interface PgliteTemplate {
  /** The folder holding the templates, one subfolder per key (apps/server/.cache/pglite-template, gitignored). */
  cache: string;
  /** PGlite's version and the migrations it holds: a template made under another key is never loaded. */
  key: string;
}

const CACHE = fileURLToPath(new URL("../../.cache/pglite-template", import.meta.url));
const FOLDER = "pgdata";
const TARBALL = "pgdata.tar";
/** A template being made by a process that died is cleared away after this long. */
const ABANDONED_MS = 3_600_000;

/** The template for the installed PGlite and the migrations in `migrationsFolder`. */
export function pgliteTemplate(
  migrationsFolder: string,
  cache = CACHE,
  pgliteVersion = installedPgliteVersion(),
): PgliteTemplate {
  return { cache, key: `pglite-${pgliteVersion}-${migrationsFingerprint(migrationsFolder)}` };
}

function installedPgliteVersion(): string {
  // The package exports no package.json; it sits above the entry that `require` resolves (dist/index.cjs).
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), "..", "package.json"), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

/** The journal and every migration's SQL: a template made before a migration changed would be a different database. */
function migrationsFingerprint(folder: string): string {
  const journal = readFileSync(path.join(folder, "meta/_journal.json"), "utf8");
  const { entries } = JSON.parse(journal) as { entries: { tag: string }[] };
  const hash = createHash("sha256").update(journal);
  for (const { tag } of entries) hash.update(readFileSync(path.join(folder, `${tag}.sql`)));
  return hash.digest("hex").slice(0, 12);
}

const made = (template: PgliteTemplate) => path.join(template.cache, template.key);

export function hasTemplate(template: PgliteTemplate): boolean {
  return existsSync(made(template));
}

/** The template as a tarball for `new PGlite({ loadDataDir })`, or undefined when the build has not made it. */
export function templateTarball(template: PgliteTemplate): Blob | undefined {
  const file = path.join(made(template), TARBALL);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Puts the template's database in `dataFolder` when that folder is absent or empty; a folder that holds
 * anything (a database, or what is left of one) is never touched. The copy is made beside it and renamed
 * into place, so a boot interrupted half-way leaves no half-copied database behind. Copying the files is
 * twice as fast as `loadDataDir`, which writes them one by one through PGlite's WebAssembly file system.
 * Returns whether the folder now holds the template's database.
 */
export function copyTemplateInto(template: PgliteTemplate, dataFolder: string): boolean {
  const source = path.join(made(template), FOLDER);
  if (!existsSync(source)) return false;
  if (existsSync(dataFolder) && readdirSync(dataFolder).length > 0) return false;
  mkdirSync(path.dirname(dataFolder), { recursive: true });
  const copy = mkdtempSync(`${dataFolder}.first-boot-`);
  try {
    cpSync(source, copy, { recursive: true });
    rmSync(dataFolder, { recursive: true, force: true });
    renameSync(copy, dataFolder);
    return true;
  } catch {
    // Another process won the rename, or the copy failed (disk full): PGlite decides from what is there.
    return false;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Saves `database` (freshly initialised and migrated, not used otherwise) as the template of `template.key`,
 * and clears away templates of other keys. Both forms are written in a folder of their own and renamed into
 * place together, so a template is either whole or absent, even when two processes make it at once.
 */
export async function saveTemplate(template: PgliteTemplate, database: PGlite): Promise<void> {
  const tarball = Buffer.from(await (await database.dumpDataDir("none")).arrayBuffer());
  mkdirSync(template.cache, { recursive: true });
  const making = mkdtempSync(path.join(template.cache, `${template.key}.making-`));
  try {
    writeFileSync(path.join(making, TARBALL), tarball);
    // PGlite unpacks its own dump and shuts down cleanly: a copy of this folder resumes as it is.
    const unpacked = new PGlite(path.join(making, FOLDER), { loadDataDir: new Blob([tarball]) });
    await unpacked.waitReady;
    await unpacked.close();
    try {
      renameSync(making, made(template));
    } catch (error) {
      // Another process made the same template meanwhile: theirs is as good as ours.
      if (!hasTemplate(template)) throw error;
    }
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  clearOtherTemplates(template);
}

function clearOtherTemplates(template: PgliteTemplate) {
  for (const name of readdirSync(template.cache)) {
    if (name === template.key) continue;
    const entry = path.join(template.cache, name);
    const beingMade = name.includes(".making-") && Date.now() - statSync(entry).mtimeMs < ABANDONED_MS;
    if (!beingMade) rmSync(entry, { recursive: true, force: true });
  }
}
