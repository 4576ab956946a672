import type { ReactNode } from "react";
import { ChevronRight, HousePlus, Users } from "lucide-react";

export interface OnboardingChoiceProps {
  onCreate: () => void;
  onJoin: () => void;
}

/** SPEC §2 Onboarding, step 'choice'. */
export function OnboardingChoice({ onCreate, onJoin }: OnboardingChoiceProps) {
  return (
    <div className="flex flex-col gap-3">
      <ChoiceButton
        icon={<HousePlus />}
        title="Create New Household"
        detail="Start fresh and invite your housemates"
        onClick={onCreate}
      />
      <ChoiceButton
        icon={<Users />}
        title="Join Existing Household"
        detail="Use the household ID a housemate gave you"
        onClick={onJoin}
      />
    </div>
  );
}

function ChoiceButton({
  icon,
  title,
  detail,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="group flex w-full items-center gap-3 rounded-lg border bg-background p-3.5 text-left sm:gap-4 sm:p-4 transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&_svg]:size-5"
    >
      <span
        className="grid size-10 shrink-0 place-items-center sm:size-11 rounded-full bg-primary/10 text-primary"
        aria-hidden="true"
      >
        {icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted-foreground">{detail}</span>
      </span>
      <ChevronRight
        className="hidden text-muted-foreground transition-transform sm:block group-hover:translate-x-0.5"
        aria-hidden="true"
      />
    </button>
  );
}
