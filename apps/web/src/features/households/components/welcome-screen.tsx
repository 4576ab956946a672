import { Link } from "react-router";
import { HousePlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuthStore } from "@/lib/auth/auth-store";

/** SPEC §2 Dashboard: what someone without a household sees instead of the dashboard. */
export function WelcomeScreen() {
  const name = useAuthStore((state) => state.currentUser?.display_name);
  return (
    <Card className="mx-auto mt-6 max-w-lg text-center">
      <CardHeader className="items-center">
        <span
          className="mb-2 grid size-14 place-items-center rounded-full bg-primary/10 text-primary"
          aria-hidden="true"
        >
          <HousePlus className="size-7" />
        </span>
        <CardTitle className="text-2xl">Welcome, {name || "there"}!</CardTitle>
        <CardDescription>
          You're not part of a household yet. Create one to start setting house rules with your flatmates.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg">
          <Link to="/household/create">Create Household</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
