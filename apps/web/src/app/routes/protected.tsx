import { Outlet, useLocation } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { Spinner } from "@/components/ui/spinner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { Redirecting } from "./loading-screen";

/** Where a signed-in user without a household may be (SPEC §2 route table). */
const WITHOUT_HOUSEHOLD = ["/onboarding", "/household/create"];

/**
 * SPEC §2 Guards for every signed-in route: signed-out visitors go to /login with their origin in
 * navigation state; a user without a household goes to /onboarding, one with a household skips it.
 */
export function Component() {
  const location = useLocation();
  const { isLoading, isAuthenticated, currentUser } = useAuthStore(
    useShallow(({ isLoading, isAuthenticated, currentUser }) => ({ isLoading, isAuthenticated, currentUser })),
  );
  // (?<!\/) starts the match at the first slash of the run only, keeping it linear.
  const path = location.pathname.replace(/(?<!\/)\/+$/, "") || "/";

  if (isLoading) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-background">
        <Spinner label="Loading your session" className="size-10 text-primary" />
      </div>
    );
  }
  // Each redirect shows the spinner while the next screen's code loads (right after 'Create Household', say).
  if (!isAuthenticated || !currentUser) return <Redirecting to="/login" state={{ from: location }} />;
  if (!currentUser.household_id && !WITHOUT_HOUSEHOLD.includes(path)) return <Redirecting to="/onboarding" />;
  if (currentUser.household_id && path === "/onboarding") return <Redirecting to="/dashboard" />;
  return <Outlet />;
}
