import type { LucideIcon } from "lucide-react";
import { PiggyBank, Receipt, ScrollText, UserPlus } from "lucide-react";
import { SectionHeading } from "./section-heading";

/** SPEC §1 landing how-it-works steps, in order. */
const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: ScrollText, title: "Create Rules", text: "Write the house rules together and give each one a default fine." },
  {
    icon: UserPlus,
    title: "Add Flatmates",
    text: "Share an invite link that works for a week, for everyone you live with.",
  },
  {
    icon: Receipt,
    title: "Issue Fines",
    text: "Spot a broken rule? Issue a fine with a note and a photo as evidence.",
  },
  {
    icon: PiggyBank,
    title: "Use the Fine Fund",
    text: "Paid fines fill the house balance. Spend it on something you'll all enjoy.",
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-28 bg-muted/50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it Works"
          title="Up and running in four steps"
          lead="From the first rule to the first pizza night, in minutes."
        />
        <div className="relative">
          <div
            aria-hidden="true"
            className="absolute top-7 right-[12.5%] left-[12.5%] hidden border-t-2 border-dashed border-primary/30 lg:block"
          />
          <ol className="relative grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative flex flex-col items-center text-center">
                <span className="relative grid size-14 place-items-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/30">
                  <Icon className="size-6" aria-hidden="true" />
                  <span className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full border-2 border-background bg-amber-300 text-xs font-bold text-amber-950">
                    {index + 1}
                  </span>
                </span>
                <h3 className="mt-5 text-lg font-bold">{title}</h3>
                <p className="mt-2 max-w-64 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
