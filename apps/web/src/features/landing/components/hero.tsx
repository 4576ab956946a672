import { Link } from "react-router";
import { ArrowRight, Mail, Sparkles, Users } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { DashboardPreview } from "./dashboard-preview";

/** SPEC §2 Landing page: the headline, both calls to action (to /login) and the dashboard preview. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden pt-36 pb-20 md:pt-32 lg:pb-28">
      <Backdrop />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.1fr] lg:gap-10">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-primary/20 bg-primary/10 px-3 py-1 text-xs font-semibold text-primary sm:text-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            For flatmates who keep each other honest
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            House Rules Made{" "}
            <span className="bg-linear-to-r from-primary via-fuchsia-500 to-orange-400 bg-clip-text text-transparent">
              Fun &amp; Fair
            </span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
            Agree on house rules, fine the flatmate who leaves the dishes, settle disputes kindly and watch the shared
            fine fund grow into pizza night.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to="/login" className={buttonVariants({ size: "lg", className: "shadow-primary/30" })}>
              Start Managing Rules
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link to="/login" className={buttonVariants({ size: "lg", variant: "outline" })}>
              See How It Works
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground lg:justify-start">
            <li className="flex items-center gap-2">
              <Users className="size-4 text-primary" aria-hidden="true" />
              Free for up to 5 flatmates
            </li>
            <li className="flex items-center gap-2">
              <Mail className="size-4 text-primary" aria-hidden="true" />
              Sign in by email link, no password
            </li>
          </ul>
        </div>
        <div className="relative">
          <div aria-hidden="true" className="absolute -inset-4 -z-10 rotate-2 rounded-3xl bg-linear-to-br from-primary/25 via-fuchsia-400/20 to-amber-300/30 blur-2xl" />
          <DashboardPreview />
          <StickyNote />
        </div>
      </div>
    </section>
  );
}

/** Soft colour blobs behind the hero; decoration only. */
function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute -top-24 -left-24 size-96 rounded-full bg-primary/15 blur-3xl" />
      <div className="absolute top-40 -right-24 size-96 rounded-full bg-amber-300/25 blur-3xl dark:bg-amber-400/10" />
      <div className="absolute inset-0 bg-[radial-gradient(var(--color-border)_1px,transparent_1px)] [background-size:22px_22px] [mask-image:linear-gradient(to_bottom,black,transparent_80%)] opacity-60" />
    </div>
  );
}

/** A playful sticky note peeking over the preview's corner (desktop only). */
function StickyNote() {
  return (
    <div
      aria-hidden="true"
      className="absolute -bottom-6 -left-6 hidden w-44 -rotate-6 rounded-md bg-amber-200 p-3 text-sm font-medium text-amber-950 shadow-xl shadow-amber-900/20 sm:block"
    >
      <span className="mb-1 block text-xs font-bold tracking-wide text-amber-800 uppercase">Fine fund</span>
      £42.50 raised. Pizza on Friday!
    </div>
  );
}
