import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A quiet empty list: an icon, a line and a hint. */
export function EmptyState({
  icon,
  title,
  hint,
  className,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-2 rounded-md border border-dashed px-4 py-8 text-center",
        className,
      )}
    >
      <span className="text-muted-foreground [&_svg]:size-8" aria-hidden="true">
        {icon}
      </span>
      <p className="font-medium">{title}</p>
      {hint && <p className="max-w-xs text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}
