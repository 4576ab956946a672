import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export type SeparatorProps = ComponentProps<"div"> & {
  orientation?: "horizontal" | "vertical";
  /** Purely visual separators are hidden from assistive technology. */
  decorative?: boolean;
};

export function Separator({ className, orientation = "horizontal", decorative = true, ...props }: SeparatorProps) {
  const semantics = decorative
    ? { role: "none" as const }
    : { role: "separator" as const, "aria-orientation": orientation };
  return (
    <div
      {...semantics}
      data-orientation={orientation}
      className={cn("shrink-0 bg-border", orientation === "horizontal" ? "h-px w-full" : "h-full w-px", className)}
      {...props}
    />
  );
}
