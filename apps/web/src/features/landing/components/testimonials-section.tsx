import { Star } from "lucide-react";
import { SectionHeading } from "./section-heading";

/** SPEC §1: three static testimonial cards. */
const TESTIMONIALS = [
  {
    quote:
      "Our sink used to be a science experiment. Two weeks of 50p fines later, it's spotless, and the fine fund paid for a takeaway.",
    name: "Priya S.",
    home: "4-person flat, Manchester",
    tint: "bg-fuchsia-700",
  },
  {
    quote:
      "The dispute button saved a friendship. I explained the bins were collected early, and my flatmate accepted it in seconds.",
    name: "Tom W.",
    home: "Student house, Leeds",
    tint: "bg-sky-700",
  },
  {
    quote:
      "No more awkward chats about the thermostat. The rules are written down, everyone agreed, and the notifications keep it honest.",
    name: "Amara O.",
    home: "Houseshare, London",
    tint: "bg-emerald-700",
  },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join("")
    .toUpperCase();

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-muted/50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Flatmates love living by the rules"
          lead="Households across the country are keeping each other honest, and laughing about it."
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm">
                <div className="flex gap-0.5 text-amber-400" role="img" aria-label="Rated 5 out of 5">
                  {Array.from({ length: 5 }, (_, star) => (
                    <Star key={star} className="size-4 fill-current" aria-hidden="true" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 leading-relaxed text-pretty">“{item.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`grid size-10 place-items-center rounded-full text-sm font-bold text-white ${item.tint}`}
                  >
                    {initials(item.name)}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold">{item.name}</span>
                    <span className="text-muted-foreground">{item.home}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
