import { LRUCache } from "lru-cache";

/** How many periods of how many households are kept (each a few kilobytes of aggregate rows). */
export const KEPT_FIGURES = 1000;

/**
 * A household's fine figures for a period, kept while none of its fines changes (decision 043), as the fines list's
 * first page is (features/fines/list-cache.ts, decision 014). The figures are tagged with the household's
 * `fines_version`, which a trigger bumps in the transaction of any change to its fines (issuing, paying, a dispute
 * raised or reviewed, a write-off), and which the route has already read with the session, before the figures: kept
 * figures are never older than their tag, whichever instance changed a fine. What can change without a fine changing
 * (who is a member, their names, rule titles, today's date) is not kept but read or worked out on every request.
 */
export class FiguresCache<Figures extends object> {
  readonly #kept = new LRUCache<string, { version: number; figures: Figures }>({ max: KEPT_FIGURES });

  async figures(key: string, version: number, make: () => Promise<Figures>): Promise<Figures> {
    const kept = this.#kept.get(key);
    if (kept?.version === version) return kept.figures;
    const figures = await make();
    // A slower request that read an older version does not replace newer figures.
    if (!kept || kept.version < version) this.#kept.set(key, { version, figures });
    return figures;
  }
}
