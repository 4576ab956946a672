import { cn } from "@/lib/utils";
import { FINE_SIDES, type FineSide } from "../utils/fine-filter";

const LABELS: Record<FineSide, string> = { received: "Received", issued: "Issued by me" };

export interface FineSideSwitchProps {
  side: FineSide;
  onSideChange: (side: FineSide) => void;
}

/**
 * My Fines' 'Received / Issued by me' switch: a segmented control, two toggle buttons of which one is pressed. Not a
 * second row of tabs: the status tabs below already are the tabs, and a switch of whole lists reads as one.
 */
export function FineSideSwitch({ side, onSideChange }: FineSideSwitchProps) {
  return (
    <div
      role="group"
      aria-label="Whose fines"
      className="inline-flex h-10 w-full items-center rounded-md bg-muted p-1 text-muted-foreground sm:w-auto sm:self-start"
    >
      {FINE_SIDES.map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={each === side}
          onClick={() => onSideChange(each)}
          className={cn(
            "inline-flex h-full flex-1 items-center justify-center rounded-sm px-3 text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
            each === side && "bg-background text-foreground shadow-sm",
          )}
        >
          {LABELS[each]}
        </button>
      ))}
    </div>
  );
}
