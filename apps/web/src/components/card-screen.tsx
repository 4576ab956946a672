import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/**
 * The frame of the screens that are one card (sign-in, verification, onboarding, an invite): the
 * Housemate mark, linking home, above the card, centred on the page.
 */
export function CardScreen({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-10 sm:justify-center">
      <Link to="/" className="mb-6 inline-flex items-center gap-2 text-lg font-extrabold tracking-tight">
        <img src="/favicon.svg" alt="" className="size-8" />
        Housemate
      </Link>
      <Card className={cn("w-full max-w-md", className)}>{children}</Card>
    </main>
  );
}
