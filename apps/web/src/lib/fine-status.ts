import { CANCELLED_ON_APPEAL_REASON, type Fine } from "@housemate/contract";

/** How a fine's status looks wherever a fine is listed (the fines screens, the profile's Fine History). */
export interface StatusLook {
  label: string;
  /** The Badge variant. */
  badge: "warning" | "success" | "destructive" | "secondary";
  /** The coloured edge a card wears for this status. */
  accent: string;
}

const LOOKS = {
  pending: { label: "Pending", badge: "warning", accent: "border-l-warning" },
  paid: { label: "Paid", badge: "success", accent: "border-l-success" },
  disputed: { label: "Disputed", badge: "destructive", accent: "border-l-destructive" },
  // Written off when its offender left or was removed (decision 032): nobody owes it, so it wears no warning colour.
  cancelled: { label: "Written off", badge: "secondary", accent: "border-l-muted-foreground" },
} satisfies Record<string, StatusLook>;

/** Cancelled by an accepted dispute (no `cancel_reason`): on no list, but an Activity entry still opens it. */
const CANCELLED: StatusLook = { ...LOOKS.cancelled, label: "Cancelled" };

/** Cancelled by the house's vote on an appeal (issue 21): nobody owes it, and the outcome is the person fined's. */
const CANCELLED_ON_APPEAL: StatusLook = {
  label: CANCELLED_ON_APPEAL_REASON,
  badge: "success",
  accent: "border-l-success",
};

const isKnown = (status: string): status is keyof typeof LOOKS => Object.hasOwn(LOOKS, status);

/**
 * SPEC §2: pending, paid or disputed (and written off, decision 032); any other status looks like pending. A cancelled
 * fine whose `cancelReason` is given as null was not written off but cancelled by an accepted dispute.
 */
export function statusLook(status: string, cancelReason?: string | null): StatusLook {
  if (status === "cancelled" && cancelReason === null) return CANCELLED;
  if (status === "cancelled" && cancelReason === CANCELLED_ON_APPEAL_REASON) return CANCELLED_ON_APPEAL;
  return isKnown(status) ? LOOKS[status] : LOOKS.pending;
}

/** Why a cancelled fine was cancelled (its `cancel_reason`: a write-off's, the house's, or null for a dispute); null for any other fine. */
export const fineCancelReason = (fine: Pick<Fine, "status" | "cancel_reason">): string | null =>
  fine.status === "cancelled" ? fine.cancel_reason : null;

/**
 * A fine's look from the fine itself, its cancel reason included: the one way every screen that lists a fine (its card's
 * edge, its badge, Fine History) tells a write-off, a dispute's cancellation and the house's apart.
 */
export const fineStatusLook = (fine: Pick<Fine, "status" | "cancel_reason">): StatusLook =>
  statusLook(fine.status, fineCancelReason(fine));
