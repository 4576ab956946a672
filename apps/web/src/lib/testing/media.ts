import { vi } from "vitest";

/**
 * Lays the page out as a desktop (or a phone): `window.matchMedia` answers every `min-width` query as that screen would.
 * jsdom has none of its own (test/setup.ts gives one that matches nothing, a phone). Restored by `vi.restoreAllMocks()`.
 */
export function layOutAs(screen: "desktop" | "phone") {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: screen === "desktop" && query.includes("min-width"),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        // The deprecated pair too, as test/setup.ts gives it, for libraries that still call it.
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        addListener: () => {},
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
