import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from "react";
import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { TriangleAlert } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

const AppToaster = lazy(() => import("../toaster"));

const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Loading (CSS )?chunk|module script|preload CSS/i;

/** SPEC §2 Other: a failed chunk or module load reads 'Page Failed to Load'; anything else 'Something went wrong'. */
export function errorTitle(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_LOAD_FAILURE.test(message) ? "Page Failed to Load" : "Something went wrong";
}

// Browsers report this harmless layout notice as a window error; it must not take the page down.
const BENIGN = /ResizeObserver loop/;

/**
 * The frame around every route. Any uncaught error or unhandled promise rejection replaces the page with
 * the generic error screen until the person presses 'Try Again'.
 */
export function RootLayout() {
  const [failure, setFailure] = useState<unknown>(null);

  useBootSpinnerRemoved();

  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (BENIGN.test(event.message)) return;
      setFailure(event.error ?? new Error(event.message));
    };
    const onRejection = (event: PromiseRejectionEvent) => setFailure(event.reason ?? new Error("Unhandled rejection"));
    // Vite reports a chunk it could not preload here before the import itself fails.
    const onPreloadError = (event: Event) =>
      setFailure("payload" in event ? event.payload : new Error("Loading chunk failed"));
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("vite:preloadError", onPreloadError);
    };
  }, []);

  if (failure !== null) {
    return (
      <ErrorScreen title={errorTitle(failure)} message="An unexpected error occurred in the application.">
        <button type="button" className={buttonVariants()} onClick={() => setFailure(null)}>
          Try Again
        </button>
      </ErrorScreen>
    );
  }
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}

/**
 * index.html's spinner, over the page until the app has rendered, goes once the frame or the router's error screen
 * has: before the browser paints (a layout effect), so that it never covers the app's first frame, and nothing finds
 * a 'Loading' status on a page that has loaded.
 */
function useBootSpinnerRemoved() {
  useLayoutEffect(() => document.getElementById("boot")?.remove(), []);
}

/** The router's error screen, for errors thrown while loading or rendering a route. */
export function RouteErrorBoundary() {
  useBootSpinnerRemoved();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "An unexpected error occurred in the application.";
  return (
    <ErrorScreen title={errorTitle(error)} message={message}>
      <Link to="/" className={buttonVariants()}>
        Go Home
      </Link>
    </ErrorScreen>
  );
}

/**
 * A full-page error: the route error screens and the phone app built without a server (built-without-server.tsx).
 * Styled with buttonVariants rather than <Button>, to keep tailwind-merge out of the first bundle (see landing-page.tsx).
 */
export function ErrorScreen({ title, message, children }: { title: string; message: ReactNode; children?: ReactNode }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-background px-6 py-16">
      <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground break-words">{message}</p>
        {children}
      </div>
    </main>
  );
}
