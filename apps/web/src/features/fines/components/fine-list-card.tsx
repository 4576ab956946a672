import { useEffect, useId, useRef, type ReactNode } from "react";
import { toast } from "sonner";
import type { Fine } from "@housemate/contract";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import type { FinePages } from "../api/get-fines";
import { FineItem } from "./fine-item";
import { useFineViewer } from "./fine-viewer";
import { FINES_LOAD_FAILED, FinePager, FineRows } from "./fine-list-states";

export interface FineListCardProps {
  title: string;
  description: ReactNode;
  /** Beside the title once the list has loaded (a count); a card given none keeps no room for one. */
  badge?: ReactNode;
  /** A link beside the title, there from the first frame (Recent Activity's 'See all activity'). */
  action?: ReactNode;
  pages: FinePages;
  /** The page size: the card keeps a full page's height from the first frame. */
  rows: number;
  /** Let the card shrink to a short list once loaded (see `FineRows`), its pager shown whenever it has fines. */
  shrink?: boolean;
  /**
   * On a laptop's dashboard (xl), fit the loaded list, and leave out the pager of a single page, rather than keep a
   * full page's height: the cards side by side there are short, as the landing page's preview draws them, and what
   * moves when they load is the foot of the screen. Narrower screens keep the height (docs/performance.md, CLS).
   */
  fitWhenWide?: boolean;
  /** SPEC §8's toast when the list cannot be loaded. */
  failureToast: string;
  empty: ReactNode;
  /** Draws each fine (default: a compact fine card) and, with `skeleton`, its loading stand-in of the same height. */
  row?: { render: (fine: Fine) => ReactNode; skeleton: ReactNode; className?: string };
}

/**
 * A dashboard card listing fines a page at a time (SPEC §2): its header, a list area of fixed height, and the pager,
 * kept in place even when there is only one page, so nothing moves when the list arrives or changes.
 */
export function FineListCard(props: FineListCardProps) {
  const { title, description, badge, action, pages, rows, shrink, fitWhenWide, failureToast, empty, row } = props;
  const { query, fines } = pages;
  // The rows name people: until the members are known they stay skeletons, never 'A housemate fined a housemate'.
  const { peopleKnown } = useFineViewer();
  const isLoading = query.isPending || (!peopleKnown && !query.isError);
  useEffect(() => {
    // One toast per message, however many cards read the same list.
    if (query.isError) toast.error("Error", { id: failureToast, description: failureToast });
  }, [query.isError, failureToast]);
  const loaded = !isLoading && query.isSuccess && fines.length > 0;
  // SPEC's Recent Activity shows its pager whenever it lists fines; the cards that keep their height hide it, in
  // place, while there is only one page. A page that failed to load keeps Previous within reach.
  const pagerShown = (shrink ? loaded : loaded && pages.pageCount > 1) || pages.hasPrevious;
  const titleId = useId();
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // What had focus in the list, and in which row: a fine that leaves the list (paid, no longer pending) takes it away,
  // and focus then goes to the fine now in its row, else the one before it, else the heading, never to <body>.
  const focusedRow = useRef<{ element: Element; index: number } | null>(null);
  useEffect(() => {
    const last = focusedRow.current;
    if (!last || last.element.isConnected) return;
    focusedRow.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const rows = [...(list.current?.children ?? [])];
    const neighbour = (rows[last.index] ?? rows[last.index - 1])?.querySelector<HTMLElement>("article");
    (neighbour ?? heading.current)?.focus();
  });
  function noteFocusedRow(target: Element) {
    // Focus in a dialog a row opened reaches here through React's tree, not the page's: only the list's own counts.
    const row = list.current?.contains(target) ? target.closest("li") : null;
    if (row?.parentElement)
      focusedRow.current = { element: target, index: [...row.parentElement.children].indexOf(row) };
  }

  return (
    // A region named by its title, so a screen reader can jump to "Recent Activity" (and a test can find it so).
    <Card role="region" aria-labelledby={titleId} className="flex flex-col">
      <CardHeader className="gap-1.5 p-5 pb-4">
        {/* Focusable from script: where focus goes when the last fine a person acted on leaves the list. */}
        <div className="flex items-baseline justify-between gap-3">
          <CardTitle ref={heading} id={titleId} tabIndex={-1} className="outline-none">
            {title}
          </CardTitle>
          {action}
        </div>
        {/* The badge's line is there before the count is: beside the description, under it on a phone. */}
        <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
          <CardDescription>{description}</CardDescription>
          {badge !== undefined && <div className="flex h-[22px] shrink-0 items-start">{query.isSuccess && badge}</div>}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col px-5 pb-5">
        <FineRows rows={rows} shrink={shrink} fitWhenWide={fitWhenWide} isLoading={isLoading} skeleton={row?.skeleton}>
          {/* A refresh that failed leaves the fines on screen: only a list never had is an error. */}
          {query.isError && !query.data ? (
            <LoadError message={FINES_LOAD_FAILED} onRetry={() => void query.refetch()} />
          ) : fines.length === 0 ? (
            empty
          ) : (
            <ul
              ref={list}
              onFocus={(event) => noteFocusedRow(event.target)}
              className={cn(
                "flex flex-col transition-opacity",
                row?.className ?? "gap-2",
                query.isPlaceholderData && "opacity-60",
              )}
            >
              {fines.map((fine) => (
                <li key={fine.id}>
                  {row ? (
                    row.render(fine)
                  ) : (
                    // The dashboard is the issuer's place to review a dispute (SPEC §6).
                    <FineItem fine={fine} compact withDetails disputeFor="issuer" />
                  )}
                </li>
              ))}
            </ul>
          )}
        </FineRows>
      </CardContent>
      {(pagerShown || !shrink || isLoading) && (
        <CardFooter className={cn("px-5 pb-5", fitWhenWide && !pagerShown && !isLoading && "xl:hidden")}>
          <FinePager pages={pages} label={`${title} pages`} className={cn(!pagerShown && "invisible")} />
        </CardFooter>
      )}
    </Card>
  );
}
