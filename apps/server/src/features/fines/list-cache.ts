/**
 * The household's first page of fines, kept as the bytes of its last answer (decisions 014 and 022).
 *
 * Every member's dashboard asks `GET /fines/household/{id}` for the same first page of Recent Activity on every
 * load and after every pay, and the answer is the same for every member until a fine changes. Only that page is kept
 * (the route decides): pages per cursor or filter would let one member's made-up questions evict everyone else's. An entry is tagged
 * with the household's `fines_version`, which a trigger bumps in the same transaction as any change to the
 * household's fines, and the route reads that version in the membership check it makes anyway. So an entry is used
 * only while no fine of its household has changed since, whichever code path or instance changed it; nothing here
 * needs to be told about writes, and a stale page cannot be served.
 *
 * The version is read before the fines, so an entry can only ever hold rows as new as its tag or newer (a fine
 * committed in between), never older. Each entry holds variants of the one answer (the JSON, and its brotli and
 * gzip encodings, made on first demand, once even when asked for at once). Least recently used households are dropped beyond `maxBytes`.
 */
export class FinesListCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** The `name` variant (an encoding) of the household's first page at `version`, made by `make` unless kept. */
  async variant(householdId: string, version: number, name: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const entry = this.#current(householdId, version);
    const kept = entry.variants.get(name);
    if (kept) return kept;
    const making = make();
    entry.variants.set(name, making);
    try {
      const bytes = await making;
      // Still the household's entry (not replaced by a newer version or dropped meanwhile): count its size.
      if (this.#entries.get(householdId) === entry) this.#grow(entry, bytes.length);
      return bytes;
    } catch (error) {
      entry.variants.delete(name);
      throw error;
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The household's entry for `version`, made most recently used; a kept entry of another version is dropped. */
  #current(householdId: string, version: number): Entry {
    const entry = this.#entries.get(householdId);
    // A slower request that read an older version gets an entry of its own that is not kept.
    if (entry && entry.version > version) return emptyEntry(version);
    if (entry) this.#drop(householdId, entry);
    const current = entry?.version === version ? entry : emptyEntry(version);
    this.#entries.set(householdId, current);
    this.#bytes += current.bytes;
    return current;
  }

  #grow(entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    this.#bytes += bytes;
    for (const [householdId, oldest] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#drop(householdId, oldest);
    }
  }

  #drop(householdId: string, entry: Entry): void {
    this.#entries.delete(householdId);
    this.#bytes -= entry.bytes;
  }
}

interface Entry {
  version: number;
  /** What the finished variants weigh. */
  bytes: number;
  variants: Map<string, Promise<Buffer>>;
}

const emptyEntry = (version: number): Entry => ({ version, bytes: 0, variants: new Map() });
