import type { ComponentProps } from "react";
import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

export type SpinnerProps = ComponentProps<"span"> & {
  /** What is loading, read out by screen readers. */
  label?: string;
};

export function Spinner({ className, label = "Loading", ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn("inline-flex items-center justify-center", className)}
      {...props}
    >
      <LoaderCircle
        aria-hidden="true"
        className="size-full animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]"
      />
    </span>
  );
}
