import { History } from "lucide-react";
import type { Fine, FineEdit } from "@housemate/contract";
import { formatCurrency, formatDate } from "@/lib/format";
import { useFineEdits } from "../api/get-fine-edits";
import { useFineViewer } from "./fine-viewer";

/** "amount £2.00 → £5.00, description "Pans" → "Two pans"": what one edit changed. */
function changesOf(edit: FineEdit, currency: string): string {
  const changes = [
    ...(edit.amount_before === edit.amount_after
      ? []
      : [`amount ${formatCurrency(edit.amount_before, currency)} → ${formatCurrency(edit.amount_after, currency)}`]),
    ...(edit.description_before === edit.description_after
      ? []
      : [`description “${edit.description_before}” → “${edit.description_after}”`]),
    ...(edit.evidence_changed ? ["evidence changed"] : []),
  ];
  return changes.join(", ");
}

/**
 * The Fine Details dialog's history: every change the issuer made to the fine while it was pending, so nobody can
 * rewrite a fine unseen (issue 13). Nothing is shown while it loads, when it fails, or when there were no changes.
 */
export function FineEditHistory({ fine }: { fine: Fine }) {
  const { memberName, currency } = useFineViewer();
  const { data: edits } = useFineEdits(fine.household_id, fine.id);
  if (!edits?.length) return null;
  return (
    <section aria-label="Changes to this fine" className="flex flex-col gap-1 text-sm">
      <h3 className="flex items-center gap-1.5 font-medium">
        <History className="size-4" aria-hidden="true" />
        Changes
      </h3>
      <ul className="flex flex-col gap-1 text-muted-foreground">
        {edits.map((edit) => (
          <li key={edit.id} className="break-words">
            {`Changed by ${memberName(edit.edited_by)} on ${formatDate(edit.created_at)}: ${changesOf(edit, currency)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
