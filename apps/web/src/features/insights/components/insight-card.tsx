import { useId, useState, type CSSProperties, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
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
 * What a chart shows, as a table. A screen reader always reads it (the chart itself is hidden from it); anyone else
 * opens it with 'Show as table', on a phone or with a keyboard alike. While closed, the hiding is on a wrapper: a table
 * grows to fit its cells whatever width it is given, so a hidden 25-column table would widen the page. Open, it
 * scrolls sideways within its card.
 */
export function ChartTable({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((open) => !open)}
      >
        {shown ? "Hide table" : "Show as table"}
      </Button>
      <div
        id={id}
        data-shown={shown}
        className={shown ? "overflow-x-auto rounded-md border" : "sr-only"}
        // Open, a wide table scrolls: the keyboard can reach it to scroll it.
        tabIndex={shown ? 0 : undefined}
        role={shown ? "group" : undefined}
        aria-label={shown ? caption : undefined}
      >
        <table className="w-full text-sm tabular-nums [&_tbody_tr]:border-t [&_td]:px-2 [&_td]:py-1.5 [&_td]:text-right [&_td]:whitespace-nowrap [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-medium [&_th]:whitespace-nowrap">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}

/** A series' look beyond its colour: a texture, so the key does not rest on colour alone. */
export interface ChartSeries {
  label: string;
  className: string;
  style?: CSSProperties | undefined;
}

/** A key for a chart's series, each swatch drawn as its bars are (colour and texture). */
export function Legend({ series, note }: { series: readonly ChartSeries[]; note?: string | undefined }) {
  return (
    <div aria-hidden="true" className="flex flex-col gap-1 text-xs text-muted-foreground">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {series.map((item) => (
          <li key={item.label} className="flex items-center gap-1.5">
            <span className={cn("size-3 rounded-sm", item.className)} style={item.style} />
            {item.label}
          </li>
        ))}
      </ul>
      {note && <p>{note}</p>}
    </div>
  );
}
