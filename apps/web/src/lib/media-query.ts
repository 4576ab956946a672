import { useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint (48rem): where the sidebar shows and the phone bar hides. */
export const DESKTOP_LAYOUT = "(min-width: 48rem)";

/**
 * Whether the media query matches now, following its changes. For work that only one layout shows: both layouts are
 * mounted (CSS hides one), so what only the hidden one needs should not be fetched or drawn on a phone.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
