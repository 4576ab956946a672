import { Link } from "react-router";
import { House } from "lucide-react";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "../page-title";

/** SPEC §2 Other: any path the route table does not know. */
export function Component() {
  usePageTitle("Page Not Found");
  return (
    <main className="grid min-h-dvh place-items-center bg-background px-6 py-16">
      <div className="flex max-w-md flex-col items-center text-center">
        <p
          aria-hidden="true"
          className="bg-linear-to-r from-primary via-fuchsia-500 to-orange-400 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent"
        >
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">
          This room doesn't exist in the house. Let's get you back to familiar ground.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/dashboard">
            <House aria-hidden="true" />
            Go to Dashboard
          </Link>
        </Button>
      </div>
    </main>
  );
}
