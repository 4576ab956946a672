import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Stands in for something that could not be loaded: what failed, and a Retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-md border border-dashed px-4 py-8 text-center">
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button needsServer variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
