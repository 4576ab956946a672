import { LandingPage } from "@/features/landing/components/landing-page";

/** Route / (SPEC §2): the public landing page, part of the first bundle. */
export function Component() {
  return <LandingPage />;
}
