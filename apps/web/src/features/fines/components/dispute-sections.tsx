import { MessageSquareWarning, Scale, ShieldX, Vote } from "lucide-react";
import { cn } from "@/lib/utils";
import { NO_REASON, type DescriptionSection } from "../utils/fine-description";

const LOOKS = {
  "dispute-reason": {
    title: "Dispute reason",
    icon: MessageSquareWarning,
    className: "border-warning/50 bg-warning/10",
  },
  "dispute-declined": {
    title: "Dispute declined",
    icon: ShieldX,
    className: "border-destructive/40 bg-destructive/5",
  },
  // The house's appeal (issue 21): the person fined asks, the house answers.
  appeal: {
    title: "Appeal",
    icon: Vote,
    className: "border-warning/50 bg-warning/10",
  },
  "appeal-decided": {
    title: "Appeal decided",
    icon: Scale,
    className: "border-primary/40 bg-primary/5",
  },
} as const;

/** SPEC §2: each 'Dispute reason:' and 'Dispute declined:' section (and an appeal's two) as its own highlighted block. */
export function DisputeSections({ sections }: { sections: DescriptionSection[] }) {
  if (sections.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {sections.map((section, index) => {
        const look = LOOKS[section.kind];
        const Icon = look.icon;
        return (
          <div
            key={`${section.kind}-${index}`}
            className={cn("flex gap-2 rounded-md border px-3 py-2 text-sm", look.className)}
            data-section={section.kind}
          >
            <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-medium">{look.title}</p>
              <p className="break-words whitespace-pre-line text-muted-foreground">{section.text || NO_REASON}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
