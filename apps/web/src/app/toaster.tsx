import { useMemo } from "react";
import { Toaster, useSonner } from "sonner";

/** Toasts keep this far from the screen's edges, and from a bar or sheet they make room for. */
const GAP_PX = 16;
const PHONE_GAP_PX = 8;
/** Sonner's toast width. */
const TOAST_WIDTH_PX = 356;

interface Clearance {
  /** The height of the phone's bottom bar (New Fine, the House Balance), when it shows. */
  bottom: number;
  /** The width of a sheet open at the right edge (Notifications), when one is. */
  right: number;
}

/**
 * What a toast must stay clear of, measured when toasts change: the phone's bottom bar belongs to the signed-in
 * shell and its height follows its content, and the Notifications sheet is open or not.
 */
function measureClearance(): Clearance {
  const bar = document.querySelector('nav[aria-label="Mobile"]')?.parentElement?.getBoundingClientRect();
  const sheet = [...document.querySelectorAll('[role="dialog"][data-state="open"]')]
    .map((dialog) => dialog.getBoundingClientRect())
    // A sheet is a dialog along the whole right edge; a dialog in the middle of the screen is not.
    .find((box) => box.right >= window.innerWidth - 1 && box.top <= 1 && box.bottom >= window.innerHeight - 1);
  // Beside the sheet where a toast fits there; over its foot (its header stays clear) where it does not.
  const besideSheet = sheet && window.innerWidth - sheet.width >= TOAST_WIDTH_PX + 2 * GAP_PX;
  return {
    bottom: bar && bar.height > 0 ? Math.ceil(window.innerHeight - bar.top) : 0,
    right: besideSheet ? Math.ceil(sheet.width) : 0,
  };
}

const NOTHING_TO_CLEAR: Clearance = { bottom: 0, right: 0 };

/** Measured as the toasts change, in the render that places them: a toast never shows first where it then leaves. */
function useClearance(): Clearance {
  const { toasts } = useSonner();
  return useMemo(() => (toasts.length > 0 ? measureClearance() : NOTHING_TO_CLEAR), [toasts]);
}

/**
 * The one toast outlet (SPEC §9 toast defaults), at the bottom, where a toast covers nothing a person reaches for
 * (issue 18): not the bell and the page's main button at the top, not the Notifications sheet's header, and on a
 * phone above the bottom bar (with New Fine on it), beside an open sheet on a desktop. The root layout mounts it
 * lazily, so it outlives every route change (a toast raised just before leaving for '/' still shows) without weighing
 * on the landing bundle.
 */
export function AppToaster() {
  const { bottom, right } = useClearance();
  return (
    <Toaster
      position="bottom-right"
      offset={{ bottom: bottom + GAP_PX, right: right + GAP_PX }}
      mobileOffset={{ bottom: bottom + PHONE_GAP_PX, left: PHONE_GAP_PX, right: PHONE_GAP_PX }}
      richColors
      closeButton
      visibleToasts={3}
      duration={5000}
      theme="system"
    />
  );
}

export default AppToaster;
