import { Link } from "react-router";
import { Check } from "lucide-react";
import { clsx } from "clsx";
import { buttonVariants } from "@/components/ui/button-variants";
import { PRO_INCLUSIONS } from "@/lib/plans/pro-inclusions";
import { SectionHeading } from "./section-heading";

interface Plan {
  name: string;
  price: string;
  period: string;
  pitch: string;
  features: readonly string[];
  action: string;
  popular: boolean;
}

/** SPEC §1: the two plans, exactly as listed. With PLANS=on the server enforces them (issue 21, decision 046). */
const PLANS: Plan[] = [
  {
    name: "Housemate Basic",
    price: "£0",
    period: "forever",
    pitch: "Everything a small flat needs to keep the peace.",
    features: [
      "Up to 5 flatmates",
      "Essential house rules",
      "Simple fine tracking",
      "Basic dispute resolution",
      "Mobile-friendly interface",
    ],
    action: "Get Started Free",
    popular: false,
  },
  {
    name: "Housemate Pro",
    price: "£5",
    period: "per month",
    pitch: "For bigger houses that take their rules seriously.",
    features: PRO_INCLUSIONS,
    action: "Go Pro",
    popular: true,
  },
];

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-28 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple pricing for every household"
          lead="Start free. Upgrade when the house gets bigger."
        />
        <ul className="mx-auto grid max-w-4xl items-start gap-6 md:grid-cols-2">
          {PLANS.map((plan) => (
            <li key={plan.name}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <article
      aria-labelledby={planId(plan)}
      className={clsx(
        "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8",
        plan.popular && "border-primary shadow-xl shadow-primary/15 ring-1 ring-primary md:-mt-4",
      )}
    >
      {plan.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-bold whitespace-nowrap text-primary-foreground shadow-md">
          Most Popular
        </p>
      )}
      <h3 id={planId(plan)} className="text-xl font-bold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.pitch}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-extrabold tracking-tight">{plan.price}</span>
        <span className="text-muted-foreground">{plan.period}</span>
      </p>
      <ul className="mt-6 flex flex-col gap-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-success/15 text-success">
              <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to="/login"
        className={buttonVariants({
          size: "lg",
          variant: plan.popular ? "default" : "outline",
          className: "mt-8 w-full",
        })}
      >
        {plan.action}
      </Link>
    </article>
  );
}

const planId = (plan: Plan) => plan.name.toLowerCase().replace(/\s+/g, "-");
