/**
 * The household fines list, kept as the bytes of its last answer (docs/performance.md).
 *
 * The dashboard asks for every listed fine of the household (SPEC §7 sends no limit), and the answer is the
 * same for every member until a fine changes: about 130 kB of JSON for a busy household, which is most of the
 * route's cost to query, present and serialise. An entry is tagged with the household's `fines_version`, which
 * a trigger bumps in the same transaction as any insert or change of the household's fines (migration 0001),
 * and the route reads that version in the membership check it makes anyway. So an entry is used only while no
 * fine of its household has changed since, whichever code path or instance changed it; nothing here needs to be
 * told about writes, and a stale list cannot be served.
 *
 * The version is read before the fines, so an entry can only ever hold rows as new as its tag or newer (a fine
 * committed in between), never older. Least recently used households are dropped beyond `maxBytes`.
 */
export class FinesListCache {
  readonly #entries = new Map<string, { version: number; body: Buffer }>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get(householdId: string, version: number): Buffer | undefined {
    const entry = this.#entries.get(householdId);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.#delete(householdId, entry.body);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(householdId);
    this.#entries.set(householdId, entry);
    return entry.body;
  }

  set(householdId: string, version: number, body: Buffer): void {
    const existing = this.#entries.get(householdId);
    if (existing) {
      // A slower request that read an older version must not replace a newer entry.
      if (existing.version > version) return;
      this.#delete(householdId, existing.body);
    }
    if (body.length > this.#maxBytes) return;
    this.#entries.set(householdId, { version, body });
    this.#bytes += body.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest, entry.body);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #delete(householdId: string, body: Buffer): void {
    this.#entries.delete(householdId);
    this.#bytes -= body.length;
  }
}
