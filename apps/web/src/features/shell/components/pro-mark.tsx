import { Badge } from "@/components/ui/badge";

/**
 * Issue 21: marks a place that is part of Housemate Pro, on a household without it. Its word is part of the link's
 * name ('Insights Pro'), so a screen reader hears it too.
 */
export function ProMark() {
  return (
    <Badge variant="outline" className="ml-auto px-1.5 py-0 text-[0.625rem] uppercase">
      Pro
    </Badge>
  );
}
