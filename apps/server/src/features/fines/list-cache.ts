import { LRUCache } from "lru-cache";

/**
 * The household's first page of fines, kept as the bytes of its last answer (decisions 014, 022 and 025).
 *
 * Every member's dashboard asks `GET /fines/household/{id}` for the same first page of Recent Activity on every
 * load and after every pay, and the answer is the same for every member until a fine changes. Only that page is kept
 * (the route decides): pages per cursor or filter would let one member's made-up questions evict everyone else's. A
 * page is tagged with the household's `fines_version`, which a trigger bumps in the same transaction as any change to
 * the household's fines, and the route reads that version in the membership check it makes anyway. So a page is used
 * only while no fine of its household has changed since, whichever code path or instance changed it; nothing here
 * needs to be told about writes, and a stale page cannot be served.
 *
 * The version is read before the fines, so a page can only ever hold rows as new as its tag or newer (a fine
 * committed in between), never older. lru-cache keeps one page per household, makes it once even when asked for at
 * once, forgets a making that failed, and drops the least recently used households beyond `maxBytes`.
 */
export class FinesListCache {
  readonly #pages: LRUCache<string, KeptPage, Making>;

  constructor(maxBytes: number) {
    this.#pages = new LRUCache<string, KeptPage, Making>({
      maxSize: maxBytes,
      sizeCalculation: (page) => page.json.length,
      fetchMethod: async (_householdId, _previous, { context }) => ({
        version: context.version,
        json: await context.make(),
      }),
    });
  }

  /** The household's first page at `version`, made by `make` unless kept. */
  async firstPage(householdId: string, version: number, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.#pages.get(householdId);
    if (kept?.version === version) return kept.json;
    // A slower request that read an older version makes its own page and does not replace the newer one.
    if (kept && kept.version > version) return make();
    // A making already under way for this household is shared if it is of this version; one of another version is
    // waited for (lru-cache hands it out whole) and then this request makes its own, unkept.
    const made = await this.#pages.fetch(householdId, { forceRefresh: true, context: { version, make } });
    return made?.version === version ? made.json : make();
  }

  /** How many households' pages are kept. */
  get size(): number {
    return this.#pages.size;
  }

  /** What the kept pages weigh, in bytes. */
  get bytes(): number {
    return this.#pages.calculatedSize;
  }
}

interface KeptPage {
  version: number;
  json: Buffer;
}

/** What a request that finds no page of its version brings to make one. */
interface Making {
  version: number;
  make: () => Promise<Buffer>;
}
