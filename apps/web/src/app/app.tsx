import { flushSync } from "react-dom";
import { createBrowserRouter, RouterProvider } from "react-router";
import { routes } from "./router";

/**
 * The browser's router over SPEC §2's routes. Made when the app mounts (mount.tsx), in a task of its own: matching the
 * page and starting its screens' code took a third of the task that evaluated React and the router (issue 14).
 */
export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * A navigation's `flushSync` option commits it at once, which needs react-dom's flushSync. (react-router/dom's
 * RouterProvider passes it the same way, but under Vitest that entry brought in a second React DOM.)
 */
const flushRouterUpdate = (update: () => unknown) => void flushSync(update);

/** The providers live in a lazily loaded layout route (providers.tsx), keeping the landing bundle small. */
export function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} flushSync={flushRouterUpdate} />;
}
