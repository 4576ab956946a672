import { Logo } from "./logo";

/** SPEC §2: the footer's links are placeholders until those pages exist. */
const COLUMNS = [
  { title: "Product", links: ["Mobile App", "Roadmap", "Changelog"] },
  { title: "Company", links: ["About", "Blog", "Contact"] },
  { title: "Legal", links: ["Privacy Policy", "Terms of Service", "Cookies"] },
];

export function LandingFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            House rules, fines and a shared fine fund for flatmates who keep each other honest.
          </p>
        </div>
        <div className="grid grid-cols-3 gap-4">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold">{column.title}</h2>
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                {column.links.map((link) => (
                  <li key={link}>
                    <a
                      href="#"
                      className="rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t">
        {/* The build prerenders this page (app/prerender-landing.tsx): until the next build, its year may be
            last year's, which hydration leaves as it is rather than failing over. One string, so it is one text. */}
        <p
          suppressHydrationWarning
          className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-muted-foreground sm:px-6"
        >
          {`© ${new Date().getFullYear()} Housemate. Made for flatmates everywhere.`}
        </p>
      </div>
    </footer>
  );
}
