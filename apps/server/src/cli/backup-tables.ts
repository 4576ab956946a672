import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client.js";

/**
 * The rows of a backup, read and written generically from the database's own catalogue, so a table added by a later
 * migration is backed up and restored with no change here (docs/decisions/041). Values are JSON that both engines
 * read back exactly: bytea as base64, int8 and numeric as strings, timestamps as ISO 8601 in UTC.
 */

/**
 * `stored_files` holds the database store's files: they travel as the archive's files, like any other store's.
 * `mail_outbox` holds mail not yet sent: restored, a week-old sign-in link would go out again, so it is neither
 * backed up nor (from an archive made before this rule) restored. `push_outbox` likewise (issue 23): a push not yet
 * sent when the backup was made is old news by the time it is restored. The devices (`push_subscriptions`) and the
 * VAPID keys they were made with (`instance_secrets`) are kept, so a restored server still reaches them.
 */
export const TABLES_NOT_DUMPED = new Set(["stored_files", "mail_outbox", "push_outbox"]);

export interface TableShape {
  name: string;
  /** Insertable columns (generated ones are left out) with their type names (pg_type.typname). */
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /** Column pairs of foreign keys that point back into the same table (a ledger entry reversing another). */
  selfReferences: { column: string; references: string }[];
}

type Row = Record<string, unknown>;

/** A raw query's rows: both engines' drivers answer with `rows`. */
export async function rowsOf<T extends Row>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the public schema, each after every table it references (its foreign keys' parents). */
export async function tablesInDependencyOrder(db: Executor): Promise<TableShape[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await rowsOf<{ table: string; name: string; type: string }>(
    db,
    sql`select c.relname as "table", a.attname as name, t.typname as type
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_type t on t.oid = a.atttypid
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; kind: string; parent: string; columns: string[]; referenced: string[] }>(
    db,
    sql`select cl.relname as "table", c.contype as kind, coalesce(pl.relname, '') as parent,
          array(select a.attname::text from unnest(c.conkey) with ordinality k(num, pos)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num order by k.pos) as columns,
          array(select a.attname::text from unnest(coalesce(c.confkey, '{}')) with ordinality k(num, pos)
                join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num order by k.pos) as referenced
        from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_namespace n on n.oid = cl.relnamespace
        left join pg_class pl on pl.oid = c.confrelid
        where n.nspname = 'public' and c.contype in ('f', 'p')
        order by cl.relname, c.conname`,
  );

  const shapes = new Map<string, TableShape>();
  const parents = new Map<string, Set<string>>();
  for (const { name } of tables) {
    shapes.set(name, { name, columns: [], primaryKey: [], selfReferences: [] });
    parents.set(name, new Set());
  }
  for (const column of columns) shapes.get(column.table)?.columns.push({ name: column.name, type: column.type });
  for (const key of keys) {
    const shape = shapes.get(key.table);
    if (!shape) continue;
    if (key.kind === "p") {
      shape.primaryKey = key.columns;
    } else if (key.parent === key.table) {
      key.columns.forEach((column, i) => shape.selfReferences.push({ column, references: key.referenced[i] ?? "" }));
    } else {
      parents.get(key.table)?.add(key.parent);
    }
  }

  // Depth-first: a table is placed once all its parents are. The schema has no cycles between tables.
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    if (visiting.has(name)) throw new Error(`the tables' foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) place(parent);
    visiting.delete(name);
    placed.add(name);
    const shape = shapes.get(name);
    if (shape) ordered.push(shape);
  };
  for (const { name } of tables) place(name);
  return ordered;
}

/** How a column is read out as JSON: exact on both engines. */
function dumpExpression({ name, type }: { name: string; type: string }): string {
  const column = ident(name);
  if (type === "bytea") return `translate(encode(${column}, 'base64'), E'\\n', '')`;
  if (["int8", "numeric", "float4", "float8", "money"].includes(type)) return `${column}::text`;
  return column;
}

/**
 * Each row of `table` as one line of JSON, a page at a time in primary key order (inside the caller's snapshot
 * transaction, so pages never skip or repeat a row). Timestamps come out as UTC: the transaction sets the zone.
 * Pages follow the key (`where (key) > (last page's last key)`), so each page costs the same however deep it is;
 * OFFSET made a big table's dump quadratic. A table with no primary key (none today) falls back to OFFSET.
 */
export async function* dumpTable(db: Executor, table: TableShape, pageSize = 1000): AsyncGenerator<string> {
  if (table.columns.length === 0) return;
  const select = table.columns.map((column) => `${dumpExpression(column)} as ${ident(column.name)}`).join(", ");
  const from = ident(table.name);
  if (table.primaryKey.length === 0) {
    const order = table.columns.map((c) => ident(c.name)).join(", ");
    for (let offset = 0; ; offset += pageSize) {
      const page = await rowsOf<{ line: string }>(
        db,
        sql.raw(
          `select row_to_json(r)::text as line from (select ${select} from ${from} ` +
            `order by ${order} limit ${pageSize} offset ${offset}) r`,
        ),
      );
      for (const { line } of page) yield line;
      if (page.length < pageSize) return;
    }
  }
  // Qualified: the lateral row `d` has columns of the same names.
  const key = table.primaryKey.map((name) => `${from}.${ident(name)}`).join(", ");
  const keyTypes = table.primaryKey.map((name) => table.columns.find((c) => c.name === name)?.type ?? "text");
  // The key read back as text beside the line, and compared as its own type: exact for uuid, int8, timestamptz.
  const keyText = table.primaryKey.map((name, i) => `${from}.${ident(name)}::text as "k${i}"`).join(", ");
  let after: string[] | null = null;
  for (;;) {
    const bound: SQL =
      after === null
        ? sql``
        : sql`where (${sql.raw(key)}) > (${sql.join(
            after.map((value, i) => sql`${value}::${sql.raw(ident(keyTypes[i] ?? "text"))}`),
            sql`, `,
          )})`;
    const page = await rowsOf<Record<string, string>>(
      db,
      sql`select row_to_json(d)::text as line, ${sql.raw(keyText)} from ${sql.raw(from)}
          cross join lateral (select ${sql.raw(select)}) d ${bound}
          order by ${sql.raw(key)} limit ${sql.raw(String(pageSize))}`,
    );
    for (const row of page) yield row.line ?? "";
    const last = page.at(-1);
    if (page.length < pageSize || !last) return;
    after = table.primaryKey.map((_, i) => last[`k${i}`] ?? "");
  }
}

/** The public schema's sequences and where each stands (null: never used). */
export async function sequenceValues(db: Executor): Promise<{ name: string; value: string | null }[]> {
  return rowsOf(
    db,
    sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'
        order by sequencename`,
  );
}

/** The newest migration the database has applied (drizzle's journal in the database), or null when none. */
export async function appliedMigration(db: Executor): Promise<number | null> {
  const [exists] = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return null;
  const [last] = await rowsOf<{ at: string | null }>(
    db,
    sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  return last?.at ? Number(last.at) : null;
}

/** Tables (of those dumped) that hold at least one row: a restore target must have none. */
export async function tablesWithRows(db: Executor): Promise<string[]> {
  const full: string[] = [];
  for (const table of await tablesInDependencyOrder(db)) {
    // The database store's files are checked against the archive's files instead (restore-command.ts).
    if (table.name === "stored_files") continue;
    const [row] = await rowsOf<{ found: boolean }>(
      db,
      sql.raw(`select exists (select 1 from ${ident(table.name)}) as found`),
    );
    if (row?.found) full.push(table.name);
  }
  return full;
}

/** Rows whose self-references point at rows placed earlier (or nowhere), so each insert finds its parent. */
function parentsFirst(rows: Row[], table: TableShape): Row[] {
  if (table.selfReferences.length === 0) return rows;
  const keyOf = (row: Row, columns: string[]) => JSON.stringify(columns.map((c) => row[c]));
  const placed = new Set<string>();
  const ordered: Row[] = [];
  let waiting = rows;
  while (waiting.length > 0) {
    const next: Row[] = [];
    for (const row of waiting) {
      const ready = table.selfReferences.every(({ column, references }) => {
        const value = row[column];
        return value === null || value === undefined || placed.has(keyOf({ [references]: value }, [references]));
      });
      if (ready) {
        ordered.push(row);
        for (const { references } of table.selfReferences) placed.add(keyOf(row, [references]));
      } else {
        next.push(row);
      }
    }
    if (next.length === waiting.length) throw new Error(`rows of ${table.name} refer to rows that are not there`);
    waiting = next;
  }
  return ordered;
}

/**
 * Inserts one table's rows (parsed JSON lines) inside the caller's transaction, with the table's own triggers off:
 * they keep derived rows (the fund's balance, the fines' version) that the archive already holds as they were.
 * Rows are inserted `batchSize` at a time as they are read, so a big table is never held in memory whole; only a
 * table whose rows point at each other (a ledger entry reversing another) is read whole, to put parents first.
 * Returns how many rows it inserted.
 */
export async function loadTable(
  db: Executor,
  table: TableShape,
  rows: AsyncIterable<Row>,
  batchSize = 500,
): Promise<number> {
  const name = ident(table.name);
  const columns = table.columns.map((c) => ident(c.name)).join(", ");
  const binary = table.columns.filter((c) => c.type === "bytea").map((c) => c.name);
  const asInserted = (row: Row) => {
    if (binary.length === 0) return row;
    const copy = { ...row };
    for (const column of binary) {
      const value = copy[column];
      if (typeof value === "string") copy[column] = `\\x${Buffer.from(value, "base64").toString("hex")}`;
    }
    return copy;
  };
  const insert = async (batch: Row[]) => {
    if (batch.length === 0) return;
    await db.execute(
      sql`${sql.raw(`insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, `)}${JSON.stringify(batch.map(asInserted))}::json)`,
    );
  };

  await db.execute(sql.raw(`alter table ${name} disable trigger user`));
  let count = 0;
  if (table.selfReferences.length > 0) {
    const whole: Row[] = [];
    for await (const row of rows) whole.push(row);
    const ordered = parentsFirst(whole, table);
    for (let start = 0; start < ordered.length; start += batchSize) {
      await insert(ordered.slice(start, start + batchSize));
    }
    count = ordered.length;
  } else {
    let batch: Row[] = [];
    for await (const row of rows) {
      batch.push(row);
      count += 1;
      if (batch.length === batchSize) {
        await insert(batch);
        batch = [];
      }
    }
    await insert(batch);
  }
  await db.execute(sql.raw(`alter table ${name} enable trigger user`));
  return count;
}

/** Puts each sequence back where it stood. */
export async function restoreSequences(db: Executor, sequences: { name: string; value: string | null }[]) {
  for (const { name, value } of sequences) {
    if (value !== null) await db.execute(sql`select setval(${`public.${ident(name)}`}, ${value}::bigint, true)`);
  }
}
