import { useSyncExternalStore } from "react";
import { isSignedIn, subscribeToSignIn } from "../utils/is-signed-in";
import { FeaturesSection } from "./features-section";
import { Hero } from "./hero";
import { HowItWorksSection } from "./how-it-works-section";
import { LandingFooter } from "./landing-footer";
import { LandingHeader } from "./landing-header";
import { PricingSection } from "./pricing-section";
import { TestimonialsSection } from "./testimonials-section";

/**
 * SPEC §1 and §2 'Landing page': the public marketing page at /.
 *
 * All of it ships in the first bundle, which must stay ≤ 120 KB gzipped (e2e/bundle-budget.test.ts). So the
 * landing page (and the error screens in root-layout.tsx) style links with `buttonVariants` and join classes
 * with clsx instead of using <Button> and `cn`: that leaves tailwind-merge (~8 KB) out of the entry. Extra
 * classes passed to a variant must therefore not clash with the variant's own.
 */
export function LandingPage() {
  // The build prerenders this page for a signed-out visitor (app/prerender-landing.tsx): hydration starts
  // from that, and a signed-in visitor's buttons follow straight after.
  const signedIn = useSyncExternalStore(subscribeToSignIn, isSignedIn, () => false);
  return (
    <div className="min-h-dvh overflow-x-clip bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <LandingHeader signedIn={signedIn} />
      <main id="main">
        <Hero />
        <FeaturesSection />
        <HowItWorksSection />
        <PricingSection />
        <TestimonialsSection />
      </main>
      <LandingFooter />
    </div>
  );
}
