import { flushSync } from "react-dom";
import { createBrowserRouter, RouterProvider } from "react-router";
import { routes } from "./router";

export const router = createBrowserRouter(routes);

/**
 * A navigation's `flushSync` option commits it at once, which needs react-dom's flushSync. (react-router/dom's
 * RouterProvider passes it the same way, but under Vitest that entry brought in a second React DOM.)
 */
const flushRouterUpdate = (update: () => unknown) => void flushSync(update);

/** The providers live in a lazily loaded layout route (providers.tsx), keeping the landing bundle small. */
export function App() {
  return <RouterProvider router={router} flushSync={flushRouterUpdate} />;
}
