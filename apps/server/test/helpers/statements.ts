import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { vi } from "vitest";

/**
 * The statements the app sends to the database while `run` runs, as their SQL text: each is a round trip, on either
 * engine (the drivers' own query functions are watched, and still do their work). The mail outbox's own statements
 * are left out (its claim and mark after a commit that queued mail, its retry timer's drain and prune): they run
 * beside the request, on their own timers, rather than as part of it.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const watched = [vi.spyOn(pg.Client.prototype, "query"), vi.spyOn(PGlite.prototype, "query")];
  try {
    await run();
    return watched
      .flatMap((spy) => spy.mock.calls.map(([query]: unknown[]) => sqlText(query)))
      .filter((text) => !OUTBOX_STATEMENT.test(text));
  } finally {
    for (const spy of watched) spy.mockRestore();
  }
}

/** A statement that starts on the outbox: `update "mail_outbox"` (claim, mark sent) or `delete from "mail_outbox"`. */
const OUTBOX_STATEMENT = /^(update|delete from) "mail_outbox"/;

const sqlText = (query: unknown): string =>
  typeof query === "string" ? query : String((query as { text?: unknown } | null)?.text);
