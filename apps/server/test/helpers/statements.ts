import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { vi } from "vitest";

/**
 * The statements the app sends to the database while `run` runs, as their SQL text: each is a round trip, on either
 * engine (the drivers' own query functions are watched, and still do their work). What the server does by itself is
 * left out (`isBackground`: the outbox's drain after a commit that queued mail, the scheduler's tick): it runs beside
 * the request, on its own timers, rather than as part of it.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const watched = [vi.spyOn(pg.Client.prototype, "query"), vi.spyOn(PGlite.prototype, "query")];
  try {
    await run();
    return watched
      .flatMap((spy) => spy.mock.calls.map(([query]: unknown[]) => sqlText(query)))
      .filter((text) => !isBackground(text));
  } finally {
    for (const spy of watched) spy.mockRestore();
  }
}

/**
 * What the server does by itself while a request runs, never part of the request: the mail drain's statements on the
 * outbox (`update "mail_outbox"` to claim and mark sent, `delete from "mail_outbox"`), its read of the unsubscribe key
 * (`instance_secrets`), the scheduler's tick on `scheduled_tasks` (issue 22), and the push drain after a commit that
 * queued pushes (issue 23): its claim and marks on `push_outbox`, its read of the devices and their `last_used_at`
 * (or removal, when gone) on `push_subscriptions`. A request's own writes of pushes are WITH queries of its statement,
 * which starts on another table, and still count.
 */
const BACKGROUND_TABLES = [
  '"mail_outbox"',
  '"instance_secrets"',
  '"scheduled_tasks"',
  '"push_outbox"',
  '"push_subscriptions"',
];
const BACKGROUND_VERBS = ["update ", "delete from ", "insert into ", "select "];
function isBackground(text: string): boolean {
  const verb = BACKGROUND_VERBS.find((prefix) => text.startsWith(prefix));
  if (verb === undefined) return false;
  // The table the statement starts on: an insert of a fine that queues mail starts on "notifications", not the outbox.
  const rest = verb === "select " ? text.slice(text.indexOf(' from "') + 6) : text.slice(verb.length);
  return BACKGROUND_TABLES.some((table) => rest.startsWith(table));
}

const sqlText = (query: unknown): string =>
  typeof query === "string" ? query : String((query as { text?: unknown } | null)?.text);
