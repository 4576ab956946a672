import { Navigate, type NavigateProps } from "react-router";
import { LoaderCircle } from "lucide-react";

/**
 * SPEC §2's spinner, full page in the app's background colour: what shows while a screen's code arrives (the router's
 * HydrateFallback) or a redirect waits for its screen's code. It shows at once, fading in: a blank page in its place
 * read as a white flash (issue 18). It ships in the landing bundle, so it uses plain classes rather than <Spinner> and
 * `cn` (see landing-page.tsx).
 */
export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background animate-[fade-in_150ms_ease-out_both]">
      <span role="status" aria-label="Loading" className="inline-flex size-10 text-primary">
        <LoaderCircle
          aria-hidden="true"
          className="size-full animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]"
        />
      </span>
    </div>
  );
}

/**
 * A redirect that shows the spinner until the screen it leads to has loaded: the router keeps the current match on
 * screen meanwhile, and a bare <Navigate> renders nothing (after 'Create Household', half a second of blank page).
 */
export function Redirecting(props: NavigateProps) {
  return (
    <>
      <Navigate replace {...props} />
      <LoadingScreen />
    </>
  );
}
