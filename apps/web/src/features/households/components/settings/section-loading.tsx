import { Skeleton } from "@/components/ui/skeleton";

/** A section of the household page while its answer is on its way: a placeholder, announced by what is loading. */
export function SectionLoading({ label, className }: { label: string; className: string }) {
  return (
    <div role="status" aria-label={label}>
      <Skeleton className={className} />
    </div>
  );
}
