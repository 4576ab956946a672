import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** One figure of the Insights page: a titled card, named by its title for a screen reader's list of regions. */
export function InsightCard({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = `insight-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <Card role="region" aria-labelledby={id} className={cn("min-w-0", className)}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * What a chart shows, as a table only a screen reader reads (the chart itself is hidden from it). The hiding is on a
 * wrapper: a table grows to fit its cells whatever width it is given, so a hidden 25-column table would widen the page.
 */
export function ChartTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A colour key for a chart's series. */
export function Legend({ series }: { series: readonly { label: string; className: string }[] }) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {series.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className={cn("size-2.5 rounded-sm", item.className)} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
