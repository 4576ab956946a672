/** Where a fine stood when a button on it was pressed: its card, the list it was in, and its region's heading. */
export interface FinePlace {
  card: HTMLElement;
  list: HTMLElement | null;
  index: number;
  /** The heading that names the card's region (a dashboard card's title, focusable from script). */
  heading: HTMLElement | null;
}

export function placeOf(card: HTMLElement): FinePlace {
  const item = card.closest("li");
  const list = item?.parentElement ?? null;
  const labelledBy = card.closest('[role="region"]')?.getAttribute("aria-labelledby");
  return {
    card,
    list,
    index: list && item ? [...list.children].indexOf(item) : -1,
    heading: labelledBy ? document.getElementById(labelledBy) : null,
  };
}

/**
 * Where focus goes once what was pressed on a fine is gone, never the page's <body>: `inCard` in the fine's own card
 * if it still shows (the card itself without one); if it left its list, `inCard` in the card now in its place or the one
 * before it; else the list's heading, else the page's main. Pay uses it with no `inCard`, a vote with its vote group.
 */
export function focusTargetAfter({ card, list, index, heading }: FinePlace, inCard?: string): HTMLElement | null {
  const within = (article: HTMLElement) => (inCard ? article.querySelector<HTMLElement>(inCard) : null) ?? article;
  if (card.isConnected) return within(card);
  if (list?.isConnected) {
    const items = [...list.children];
    const neighbour = (items[index] ?? items[index - 1])?.querySelector<HTMLElement>("article");
    if (neighbour) return within(neighbour);
  }
  if (heading?.isConnected && heading.tabIndex === -1) return heading;
  return document.getElementById("main");
}
