import { RouterProvider } from "react-router";
import { router } from "./router";

/** The providers live in a lazily loaded layout route (providers.tsx), keeping the landing bundle small. */
export function App() {
  return <RouterProvider router={router} />;
}
