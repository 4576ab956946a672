import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { vi } from "vitest";

/**
 * The statements the app sends to the database while `run` runs, as their SQL text: each is a round trip, on either
 * engine (the drivers' own query functions are watched, and still do their work). The mail outbox's statements are
 * left out: a commit that queued mail starts a drain, which runs beside the request rather than as part of it.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const watched = [vi.spyOn(pg.Client.prototype, "query"), vi.spyOn(PGlite.prototype, "query")];
  try {
    await run();
    return watched
      .flatMap((spy) => spy.mock.calls.map(([query]: unknown[]) => sqlText(query)))
      .filter((text) => !text.startsWith('update "mail_outbox"'));
  } finally {
    for (const spy of watched) spy.mockRestore();
  }
}

const sqlText = (query: unknown): string =>
  typeof query === "string" ? query : String((query as { text?: unknown } | null)?.text);
