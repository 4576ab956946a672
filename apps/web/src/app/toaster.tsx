import { Toaster } from "sonner";
import { BOTTOM_BAR_HEIGHT_VAR, SHEET_CLEARANCE_VAR, TOAST_GAP_PX } from "@/lib/toast-clearance";

/** On a phone (sonner's mobile layout) toasts span the width, closer to the edges. */
const PHONE_GAP_PX = 8;

/** An offset that keeps clear of what the CSS variable says takes the room (0 when it is not published). */
const clearOf = (variable: string, gap: number) => `calc(var(${variable}, 0px) + ${gap}px)`;

/**
 * The one toast outlet (SPEC §9 toast defaults), at the bottom, where a toast covers nothing a person reaches for
 * (issue 18): not the bell and the page's main button at the top, not the Notifications sheet's header, and on a
 * phone above the bottom bar (with New Fine on it), beside an open sheet on a desktop. The bar and the sheet publish
 * the room they take as CSS variables (lib/toast-clearance.ts), so a showing toast moves with them. The root layout
 * mounts it lazily, so it outlives every route change (a toast raised just before leaving for '/' still shows)
 * without weighing on the landing bundle.
 */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      offset={{
        bottom: clearOf(BOTTOM_BAR_HEIGHT_VAR, TOAST_GAP_PX),
        right: clearOf(SHEET_CLEARANCE_VAR, TOAST_GAP_PX),
      }}
      mobileOffset={{ bottom: clearOf(BOTTOM_BAR_HEIGHT_VAR, PHONE_GAP_PX), left: PHONE_GAP_PX, right: PHONE_GAP_PX }}
      richColors
      closeButton
      visibleToasts={3}
      duration={5000}
      theme="system"
    />
  );
}

export default AppToaster;
