import { useState } from "react";
import { clsx } from "clsx";

/** SPEC §2: the dashboard preview image, with 'Loading preview...' shown until the image has arrived. */
export function DashboardPreview({ className }: { className?: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <figure className={clsx("relative", className)}>
      <div className="relative aspect-[1200/780] overflow-hidden rounded-xl border bg-card shadow-2xl shadow-primary/20 ring-1 ring-black/5 dark:ring-white/10">
        {!loaded && (
          <div role="status" className="absolute inset-0 grid place-items-center bg-muted/60 text-sm font-medium text-muted-foreground">
            <span className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-primary" />
              Loading preview...
            </span>
          </div>
        )}
        <img
          src="/dashboard-preview.svg"
          alt="The Housemate dashboard: your pending fines, disputes to review, recent household activity, sticky notes and the house balance"
          width={1200}
          height={780}
          decoding="async"
          // A cached image can finish before React attaches onLoad, so check once on mount as well.
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setLoaded(true);
          }}
          onLoad={() => setLoaded(true)}
          className={clsx("size-full object-cover transition-opacity duration-500", loaded ? "opacity-100" : "opacity-0")}
        />
      </div>
    </figure>
  );
}
