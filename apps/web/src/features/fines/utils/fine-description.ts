import {
  APPEAL_DECIDED_MARKER,
  APPEAL_MARKER,
  DISPUTE_DECLINED_MARKER,
  DISPUTE_REASON_MARKER,
  type Dispute,
  type Fine,
} from "@housemate/contract";

export type DescriptionSectionKind = "dispute-reason" | "dispute-declined" | "appeal" | "appeal-decided";

export interface DescriptionSection {
  kind: DescriptionSectionKind;
  text: string;
}

export interface ParsedDescription {
  /** What the issuer wrote, without the appended sections. */
  text: string;
  /** The appended 'Dispute reason:', 'Dispute declined:', 'Appeal:' and 'Appeal decided:' sections, in order. */
  sections: DescriptionSection[];
}

const KIND_OF: Record<string, DescriptionSectionKind> = {
  [DISPUTE_REASON_MARKER]: "dispute-reason",
  [DISPUTE_DECLINED_MARKER]: "dispute-declined",
  // The house's appeal of a declined dispute (issue 21, decision 047).
  [APPEAL_MARKER]: "appeal",
  [APPEAL_DECIDED_MARKER]: "appeal-decided",
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// The server appends each section on its own paragraph (or as the whole text when it was empty),
// so a marker counts only at the start of the text or of a line. One `\n`, not `\n+`: a run of
// line breaks would be rescanned from each of its breaks (quadratic); the parts are trimmed anyway.
export const DESCRIPTION_MARKERS = new RegExp(`(?:^|\\n)[ \\t]*(${Object.keys(KIND_OF).map(escape).join("|")})`);

/** Splits a fine's description into the issuer's text and the dispute and appeal sections appended to it (SPEC §2). */
export function parseFineDescription(description: string | null | undefined): ParsedDescription {
  const parts = (description ?? "").split(DESCRIPTION_MARKERS);
  const sections: DescriptionSection[] = [];
  for (let index = 1; index + 1 < parts.length; index += 2) {
    const kind = KIND_OF[parts[index] ?? ""];
    const text = (parts[index + 1] ?? "").trim();
    if (kind) sections.push({ kind, text });
  }
  return { text: (parts[0] ?? "").trim(), sections };
}

export const NO_REASON = "No reason provided";

/** What the UI needs of a dispute, whether the server's record or one read from the description. */
export interface DisputeView {
  /** Undefined when built from the description: such a dispute cannot be reviewed. */
  id: string | undefined;
  reason: string;
  status: Dispute["status"];
  reviewerNote: string | null;
}

/**
 * SPEC §3 Dispute: the server's record when there is one; otherwise one built from the text after the
 * last 'Dispute reason:' marker, falling back to 'No reason provided'.
 */
export function disputeOf(fine: Pick<Fine, "description">, record?: Dispute | null): DisputeView {
  if (record) {
    return {
      id: record.id,
      reason: record.reason || record.explanation || NO_REASON,
      status: record.status,
      reviewerNote: record.reviewer_note,
    };
  }
  const reasons = parseFineDescription(fine.description).sections.filter(
    (section) => section.kind === "dispute-reason",
  );
  return {
    id: undefined,
    reason: reasons.at(-1)?.text || NO_REASON,
    status: "pending",
    reviewerNote: null,
  };
}
