import type { ReactNode } from "react";

/** A quiet empty list: an icon, a line and a hint. */
export function EmptyState({ icon, title, hint }: { icon: ReactNode; title: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-8 text-center">
      <span className="text-muted-foreground [&_svg]:size-8" aria-hidden="true">
        {icon}
      </span>
      <p className="font-medium">{title}</p>
      {hint && <p className="max-w-xs text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}
