import { startTransition, StrictMode, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { isSignedIn } from "@/features/landing/utils/is-signed-in";
import { builtWithoutServer, openAtStartScreen, startNativeDeepLinks } from "@/lib/native";
import { nextTask } from "@/lib/next-task";
import { App, createAppRouter } from "./app";
import { BuiltWithoutServer } from "./built-without-server";

/**
 * Starts the app in #root: React, the router and the landing page, loaded by main.tsx as a chunk of their own.
 * A prerendered page (the landing page at /, app/prerender-landing.tsx) is taken over rather than painted again.
 */
export async function mountApp(container: HTMLElement, { prerendered }: { prerendered: boolean }): Promise<Root> {
  // In a task of its own, after the one that evaluated the app (React, the router, the landing page): making the
  // router matches the page and starts loading its screens' code, a third of that task on a phone (issue 14).
  await nextTask();
  if (builtWithoutServer()) {
    container.replaceChildren();
    const root = createRoot(container);
    root.render(<BuiltWithoutServer />);
    return root;
  }
  // Inside the phone app, / is the sign-in screen or the dashboard rather than the website's landing page.
  openAtStartScreen(isSignedIn);
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  const root = prerendered ? hydrateAsTransition(container, app) : createRoot(container);
  if (!prerendered) root.render(app);

  // Inside the phone app, sign-in and invite links open their screens (SPEC §2 deep links). In a browser
  // this does nothing: Capacitor is imported only when the native runtime is there.
  startNativeDeepLinks((to) => void router.navigate(to)).catch((error: unknown) => {
    // The app works without them; a link then opens it on its last screen.
    console.warn("Deep links are unavailable", error);
  });
  return root;
}

/**
 * As a transition, hydration works in slices between which the browser can answer a tap or a scroll, rather than in
 * one long task. A mismatch is logged, not reported as a window error: the root layout would answer that with its
 * error screen, when React has already repaired the page itself.
 */
function hydrateAsTransition(container: HTMLElement, app: ReactNode): Root {
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app, {
      onRecoverableError: (error) => console.warn("The prerendered page was rendered again", error),
    });
  });
  // startTransition runs its scope at once.
  if (!root) throw new Error("hydration did not start");
  return root;
}
