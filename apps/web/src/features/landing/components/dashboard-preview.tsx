import { useState } from "react";
import { clsx } from "clsx";

/**
 * SPEC §2: the dashboard preview image, with 'Loading preview...' shown until the image has arrived.
 *
 * The image lies over the placeholder and is never hidden: an image still loading paints nothing, so the
 * placeholder shows through until it arrives. That way the prerendered page (app/prerender-landing.tsx)
 * shows the preview as soon as it loads, before any script has run: it is the page's largest paint (LCP).
 */
export function DashboardPreview({ className }: { className?: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <figure className={clsx("relative", className)}>
      <div className="relative aspect-[1200/780] overflow-hidden rounded-xl border bg-card shadow-2xl shadow-primary/20 ring-1 ring-black/5 dark:ring-white/10">
        {!loaded && (
          <div
            role="status"
            className="absolute inset-0 grid place-items-center bg-muted/60 text-sm font-medium text-muted-foreground"
          >
            <span className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-primary" />
              Loading preview...
            </span>
          </div>
        )}
        <img
          src="/dashboard-preview.svg"
          // What the picture shows, not only what kind of picture it is: its text is drawn, so this is all a screen
          // reader has of it.
          alt="A preview of Alex's Housemate dashboard for The Cozy Flat: two unpaid fines to pay (£2.00 and £1.50), a dispute to review, recent activity such as 'Sam fined Alex £2.00 for dishes left overnight', four sticky notes, and a house balance of £42.50, up £12.00 in the last 30 days."
          width={1200}
          height={780}
          decoding="async"
          fetchPriority="high"
          // An image can finish before React attaches onLoad (cached, or loaded before the prerendered page
          // was hydrated), so check once on mount as well.
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setLoaded(true);
          }}
          onLoad={() => setLoaded(true)}
          className="relative size-full object-cover"
        />
      </div>
    </figure>
  );
}
