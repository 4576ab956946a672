import { Link } from "react-router";
import { ArrowRight, BellRing, Mail, Sparkles, Users } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { DashboardPreview } from "./dashboard-preview";

/** SPEC §2 Landing page: the headline, both calls to action (to /login) and the dashboard preview. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden pt-36 pb-16 sm:pb-24">
      <Backdrop />
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-14 px-4 sm:px-6 md:gap-16">
        <div className="flex max-w-3xl flex-col items-center text-center">
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-primary/20 bg-primary/10 px-3 py-1 text-xs font-semibold text-primary sm:text-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            For flatmates who keep it honest
          </p>
          <h1
            id="hero-title"
            className="text-[2.5rem] leading-[1.1] font-extrabold tracking-tight text-balance sm:text-6xl lg:text-7xl"
          >
            House Rules Made{" "}
            <span className="bg-linear-to-r from-primary via-fuchsia-500 to-orange-400 bg-clip-text text-transparent">
              Fun &amp; Fair
            </span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
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
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
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
        <div className="relative w-full max-w-5xl">
          <div
            aria-hidden="true"
            className="absolute -inset-6 -z-10 rounded-[2rem] bg-linear-to-br from-primary/30 via-fuchsia-400/20 to-amber-300/30 blur-3xl"
          />
          <DashboardPreview />
          <StickyNote />
          <FineToast />
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

/** A playful sticky note peeking over the preview's corner (not on phones, where it would hide the preview). */
function StickyNote() {
  return (
    <div
      aria-hidden="true"
      className="absolute -bottom-8 -left-4 hidden w-48 -rotate-6 rounded-md bg-amber-200 p-4 font-medium text-amber-950 shadow-xl shadow-amber-900/20 sm:block lg:-left-10"
    >
      <span className="mb-1 block text-xs font-bold tracking-wide text-amber-800 uppercase">Fine fund</span>
      £42.50 raised. Pizza on Friday!
    </div>
  );
}

/** A live notification floating by the preview's other corner, as the app shows them. */
function FineToast() {
  return (
    <div
      aria-hidden="true"
      className="absolute -top-6 -right-4 hidden w-72 rotate-2 items-start gap-3 rounded-xl border bg-card p-3 text-left shadow-xl sm:flex lg:-right-10"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">
        <BellRing className="size-4" />
      </span>
      <span className="text-sm">
        <span className="block font-semibold">You've been fined £2.00</span>
        <span className="text-muted-foreground">Sam: dishes left overnight</span>
      </span>
    </div>
  );
}
