import { useAuthStore } from "@/lib/auth/auth-store";
import { useHousehold } from "../api/get-household";

/** SPEC §2 Dashboard: the greeting with the person's name, and which household this is. */
export function HouseholdGreeting() {
  const name = useAuthStore((state) => state.currentUser?.display_name || state.currentUser?.email || "there");
  // 'Welcome back' only to someone who had signed in before this session (the server keeps that, for every device).
  const visitedBefore = useAuthStore((state) => state.currentUser?.visited_before ?? true);
  const householdName = useHousehold().data?.name;
  return (
    <header className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {visitedBefore ? "Welcome back" : "Welcome"}, {name}!
      </h1>
      <p className="text-muted-foreground">
        Here's what's happening in{" "}
        {householdName ? <span className="font-medium text-foreground">{householdName}</span> : "your household"}.
      </p>
    </header>
  );
}
