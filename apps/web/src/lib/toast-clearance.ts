/**
 * What a toast must stay clear of, published by what takes the room (issue 18): the phone's bottom bar (the shell)
 * and an open sheet at the right edge (Notifications). Each sets a CSS variable on the root while it is mounted, kept
 * up to date by a ResizeObserver (its content, a rotation); the toaster's offsets read the variables, so a toast
 * already showing moves as the bar or the sheet comes, goes or changes size.
 */

/** The height of the phone's bottom bar; 0 where it is hidden (a laptop). */
export const BOTTOM_BAR_HEIGHT_VAR = "--bottom-bar-height";
/** The width of an open sheet at the right edge, when a toast fits beside it; 0 when none is open or none fits. */
export const SHEET_CLEARANCE_VAR = "--right-sheet-clearance";

/** Sonner's toast width, and the gap a toast keeps from the screen's edges on a laptop. */
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 16;

function publish(name: string, measure: (element: HTMLElement) => number) {
  return (element: HTMLElement | null) => {
    if (!element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(name, `${Math.ceil(measure(element))}px`);
    update();
    // jsdom has no ResizeObserver: there the first measure stands.
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(update) : undefined;
    observer?.observe(element);
    window.addEventListener("resize", update);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", update);
      root.style.removeProperty(name);
    };
  };
}

/** A ref for the bottom bar: its layout height (0 while `display: none`). */
export const publishBottomBar = publish(BOTTOM_BAR_HEIGHT_VAR, (bar) => bar.offsetHeight);

/**
 * A ref for a sheet at the right edge: its width when a toast fits beside it, else 0, and the toast goes over the
 * sheet's foot (its header stays clear as the toasts are at the bottom). Layout width: the sheet slides in by a
 * transform, which does not change it.
 */
export const publishRightSheet = publish(SHEET_CLEARANCE_VAR, (sheet) =>
  window.innerWidth - sheet.offsetWidth >= TOAST_WIDTH_PX + 2 * TOAST_GAP_PX ? sheet.offsetWidth : 0,
);
