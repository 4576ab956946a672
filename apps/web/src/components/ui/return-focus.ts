import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/**
 * Gives focus back to whatever opened a dialog when it closes (WCAG 2.4.3). Radix gives it back to the dialog's
 * Trigger, but most of ours are opened through state by a plain button, with no Trigger: Radix then left focus on
 * <body>, and a keyboard user started again from the top of the page. An opener that has gone (a menu item, a Pay
 * button the payment replaced) leaves it to Radix.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: AutoFocusHandler; onCloseAutoFocus?: AutoFocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Radix asks before it moves focus in: what has focus now is what opened the dialog.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected || element === document.body) return;
      event.preventDefault();
      element.focus();
    },
  };
}
