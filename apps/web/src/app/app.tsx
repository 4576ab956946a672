import { createBrowserRouter, RouterProvider } from "react-router";
import { routes } from "./router";

export const router = createBrowserRouter(routes);

/** The providers live in a lazily loaded layout route (providers.tsx), keeping the landing bundle small. */
export function App() {
  return <RouterProvider router={router} />;
}
