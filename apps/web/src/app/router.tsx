import type { RouteObject } from "react-router";
import { RootLayout, RouteErrorBoundary } from "./routes/root-layout";
import { Component as LandingPage } from "./routes/landing";
import { LoadingScreen, Redirecting } from "./routes/loading-screen";

/**
 * SPEC §2's route table. The landing page ships in the first bundle; every other screen is its
 * own chunk, so a visitor to / downloads none of the signed-in app. The browser's router is made
 * from it in app.tsx; the build prerenders / from it too (prerender-landing.tsx), where there is no window.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { index: true, Component: LandingPage },
      {
        // Query cache, toasts and tooltips for every other screen, loaded after the landing page.
        lazy: async () => {
          const { Component, prepareLayouts } = await import("./providers");
          await prepareLayouts();
          return { Component };
        },
        // Shown when a page other than / is opened first, until its code has loaded.
        HydrateFallback: LoadingScreen,
        children: [
          { path: "login", lazy: () => import("./routes/login") },
          { path: "register", lazy: () => import("./routes/register") },
          { path: "auth/verify", lazy: () => import("./routes/verify") },
          { path: "invite/:code", lazy: () => import("./routes/invite") },
          { path: "unsubscribe", lazy: () => import("./routes/unsubscribe") },
          { path: "home", element: <Redirecting to="/dashboard" /> },
          {
            lazy: () => import("./routes/protected"),
            children: [
              { path: "onboarding", lazy: () => import("./routes/onboarding") },
              { path: "household/create", lazy: () => import("./routes/household-create") },
              {
                path: "dashboard",
                lazy: () => import("./routes/shell"),
                children: [
                  { index: true, lazy: () => import("./routes/dashboard") },
                  { path: "rules", lazy: () => import("./routes/rules") },
                  { path: "fines", lazy: () => import("./routes/fines") },
                  { path: "fines/new", lazy: () => import("./routes/fines-new") },
                  { path: "profile", lazy: () => import("./routes/profile") },
                  { path: "household", lazy: () => import("./routes/household") },
                  { path: "fund", lazy: () => import("./routes/fund") },
                  { path: "activity", lazy: () => import("./routes/activity") },
                  { path: "insights", lazy: () => import("./routes/insights") },
                ],
              },
            ],
          },
          { path: "*", lazy: () => import("./routes/not-found") },
        ],
      },
    ],
  },
];
