import { Outlet } from "react-router";

/** The frame around every route. The web-foundation work adds the error screens here. */
export function RootLayout() {
  return <Outlet />;
}
