// The entry: the styles and this loader, nothing else. The app (React, the router, the landing page:
// app/mount.tsx) is a chunk of its own, so that it can wait for the landing page's first paint.
import "./index.css";

/** The longest the app waits for the landing page's first paint. */
const PAINT_WAIT_LIMIT_MS = 3000;

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

// The server answers / with the landing page already rendered (app/prerender-landing.tsx, decision 015): the app
// runs once the browser has painted it, so that neither its download nor its work delays that paint (Lighthouse's
// LCP). Every other page is empty until the app runs, so there it starts at once.
const prerendered = container.hasChildNodes();
(prerendered ? firstPaint() : Promise.resolve())
  .then(() => import("./app/mount"))
  .then(({ mountApp }) => mountApp(container, { prerendered }))
  .catch((error: unknown) => {
    // The prerendered landing page still works without it, its links being plain links.
    console.error("The app failed to load", error);
  });

/** Resolves once the page has painted content, or at once where it will not paint soon (a hidden tab). */
function firstPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (painted() || document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver(() => {
      if (painted()) start();
    });
    // A browser that never reports the paint still gets the app, a moment later.
    const fallback = setTimeout(start, PAINT_WAIT_LIMIT_MS);
    function start() {
      observer.disconnect();
      clearTimeout(fallback);
      resolve();
    }
    observer.observe({ type: "paint", buffered: true });
  });
}
