import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A native select: the phone's own picker, and one control a screen reader knows. Styled as `Input`. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
