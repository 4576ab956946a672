/**
 * Toasts that two features may raise for one event: given the same id, the second replaces the first rather than
 * stacking beside it. Leaving a household is answered both by the leave dialog and by the live socket's
 * `household_access_ended`, in either order.
 */
export const HOUSEHOLD_ACCESS_TOAST_ID = "household-access";
