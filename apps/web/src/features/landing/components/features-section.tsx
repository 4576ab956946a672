import type { LucideIcon } from "lucide-react";
import { BellRing, PartyPopper, Scale, Users } from "lucide-react";
import { SectionHeading } from "./section-heading";

interface Benefit {
  icon: LucideIcon;
  title: string;
  text: string;
  tint: string;
}

/** SPEC §1 landing benefits. */
const BENEFITS: Benefit[] = [
  {
    icon: PartyPopper,
    title: "Playful Accountability",
    text: "Turn chores and house etiquette into a light-hearted game. A small fine beats a passive-aggressive note on the fridge.",
    tint: "bg-fuchsia-100 text-fuchsia-700 dark:bg-fuchsia-500/15 dark:text-fuchsia-300",
  },
  {
    icon: Scale,
    title: "Fair and Friendly",
    text: "Everyone sees the same rules and the same fines. Disagree with one? Dispute it, and the issuer reviews it fairly.",
    tint: "bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300",
  },
  {
    icon: Users,
    title: "Flatmate Management",
    text: "Invite housemates with a link or your household ID, and keep everyone's fines, notes and balance in one place.",
    tint: "bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300",
  },
  {
    icon: BellRing,
    title: "Instant Notifications",
    text: "Know the moment you're fined, a fine is paid or a dispute is settled, in the app and by email.",
    tint: "bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300",
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-28 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything a happy house needs"
          lead="Housemate keeps the peace without turning your home into an office."
        />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text, tint }) => (
            <li
              key={title}
              className="group flex gap-4 rounded-2xl border bg-card p-5 shadow-sm transition-all sm:block sm:p-6 hover:-translate-y-1 hover:shadow-lg motion-reduce:transition-none motion-reduce:hover:translate-y-0"
            >
              <span
                className={`grid size-12 shrink-0 place-items-center rounded-xl sm:mb-5 ${tint} transition-transform group-hover:-rotate-6`}
              >
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-bold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground sm:mt-2">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
