import { LoaderCircle } from "lucide-react";

/**
 * What a first visit to any page but / shows while that screen's code arrives (the router's HydrateFallback).
 * It fades in only after 300 ms, so a quick load shows no flash of a spinner. It ships in the landing bundle,
 * so it uses plain classes rather than <Spinner> and `cn` (see landing-page.tsx).
 */
export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center animate-[fade-in_150ms_ease-out_300ms_both]">
      <span role="status" aria-label="Loading" className="inline-flex size-10 text-primary">
        <LoaderCircle
          aria-hidden="true"
          className="size-full animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]"
        />
      </span>
    </div>
  );
}
