import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";

/** The frame of the household set-up screens (onboarding, create, invite): the mark above one card. */
export function HouseholdSetupLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-10 sm:justify-center">
      <Link to="/" className="mb-6 inline-flex items-center gap-2 text-lg font-extrabold tracking-tight">
        <img src="/favicon.svg" alt="" className="size-8" />
        Housemate
      </Link>
      <Card className="w-full max-w-lg">{children}</Card>
    </main>
  );
}
