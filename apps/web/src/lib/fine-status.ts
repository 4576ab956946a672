/** How a fine's status looks wherever a fine is listed (the fines screens, the profile's Fine History). */
export interface StatusLook {
  label: string;
  /** The Badge variant. */
  badge: "warning" | "success" | "destructive";
  /** The coloured edge a card wears for this status. */
  accent: string;
}

const LOOKS = {
  pending: { label: "Pending", badge: "warning", accent: "border-l-warning" },
  paid: { label: "Paid", badge: "success", accent: "border-l-success" },
  disputed: { label: "Disputed", badge: "destructive", accent: "border-l-destructive" },
} satisfies Record<string, StatusLook>;

/** SPEC §2: pending, paid or disputed; any other status looks like pending. */
export function statusLook(status: string): StatusLook {
  return status === "paid" || status === "disputed" ? LOOKS[status] : LOOKS.pending;
}
