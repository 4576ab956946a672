import { Link } from "react-router";
import { buttonVariants } from "@/components/ui/button-variants";
import { Logo } from "./logo";

const SECTIONS = [
  { href: "#features", label: "Features" },
  { href: "#how-it-works", label: "How it Works" },
  { href: "#pricing", label: "Pricing" },
];

/** SPEC §2 Landing page: the fixed header; signed-in visitors are offered the dashboard instead of sign-up. */
export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  const [first, second, target] = signedIn
    ? (["Go to Dashboard", "Dashboard", "/dashboard"] as const)
    : (["Sign In", "Sign Up Free", "/register"] as const);
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link
          to="/"
          aria-label="Housemate home"
          className="flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>
        <nav aria-label="Sections" className="hidden md:block">
          <SectionLinks />
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link to={target} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            {first}
          </Link>
          <Link to={target} className={buttonVariants({ size: "sm", className: "shadow-primary/25" })}>
            {second}
          </Link>
        </div>
      </div>
      <nav aria-label="Sections" className="border-t border-border/60 md:hidden">
        <SectionLinks />
      </nav>
    </header>
  );
}

function SectionLinks() {
  return (
    <ul className="flex items-center justify-center gap-1 text-sm font-medium">
      {SECTIONS.map((section) => (
        <li key={section.href}>
          <a
            href={section.href}
            className="block rounded-md px-3 py-2 text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            {section.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
