import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { routes } from "./router";

/**
 * The landing page (SPEC §2, route /) as HTML, rendered at build time for a signed-out visitor (decision 015),
 * so its hero paints before the app's script has run (Lighthouse's LCP, issue 8). mount.tsx hydrates it: the
 * tree here is the browser's (same route table, same StrictMode), so the markup matches what the app renders.
 * `prerender` rather than `renderToString`: it waits for the root layout's lazily loaded toast outlet, so
 * no Suspense boundary is left for the browser to redo.
 */
export async function prerenderLandingPage(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`/ answered ${context.status} instead of the landing page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      {/* hydrate={false}: the page has no loader data for the browser to pick up. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}

const EMPTY_ROOT = '<div id="root"></div>';
/** index.html's spinner while the app's code arrives: the landing page is there at once, so it goes. */
const BOOT_SPINNER = '<div id="boot" role="status" aria-label="Loading"></div>';
/** index.html's preloads of the app's chunk (vite.config.ts): on this page the app waits for the first paint. */
const LINK_TAG = /<link [^<>]*>/g;
const isAppPreload = (tag: string) => /\sdata-app-preload[\s=/>]/.test(tag);

/** `html` without the app's preload tags and the white space before each (a plain scan: no pattern backtracks over it). */
function withoutAppPreloads(html: string): string {
  let kept = "";
  let from = 0;
  for (const match of html.matchAll(LINK_TAG)) {
    if (!isAppPreload(match[0])) continue;
    kept += html.slice(from, match.index).trimEnd();
    from = match.index + match[0].length;
  }
  return kept + html.slice(from);
}

/** The built index.html with the landing page's markup inside #root, without the app's preloads and spinner. */
export function withLandingPage(indexHtml: string, markup: string): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no empty ${EMPTY_ROOT} to fill`);
  // A function, so a "$" in the markup is not read as a replacement pattern.
  return withoutAppPreloads(indexHtml)
    .replace(BOOT_SPINNER, "")
    .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
}
