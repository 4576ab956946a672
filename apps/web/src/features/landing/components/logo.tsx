import { clsx } from "clsx";

/** The Housemate mark (the favicon's house) with the name beside it. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={clsx("inline-flex items-center gap-2 text-lg font-extrabold tracking-tight", className)}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-8 shrink-0 drop-shadow-sm">
        <rect width="64" height="64" rx="14" className="fill-primary" />
        <path
          d="M14 32 32 16l18 16v16a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2z"
          className="fill-primary-foreground"
        />
      </svg>
      Housemate
    </span>
  );
}
