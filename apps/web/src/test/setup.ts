import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// findBy and waitFor give up after 1 s by default: on CI's two busy cores a render that takes longer is slow, not
// wrong, and failed the odd run (issue 18's dashboard cards). A test that waits on purpose sets its own timeout.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no matchMedia; the toast outlet (theme "system") and the theme follow it. Light, no preferences.
// The DOM's types say it is always there, and the deprecated listener pair is kept for libraries that still call it.
/* eslint-disable @typescript-eslint/no-unnecessary-condition, @typescript-eslint/no-deprecated */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
/* eslint-enable @typescript-eslint/no-unnecessary-condition, @typescript-eslint/no-deprecated */

// jsdom lacks the pointer-capture and scrolling calls Radix's select and sonner's swipe-to-dismiss make (the DOM's
// types say they are always there).
/* eslint-disable @typescript-eslint/no-unnecessary-condition */
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
/* eslint-enable @typescript-eslint/no-unnecessary-condition */
