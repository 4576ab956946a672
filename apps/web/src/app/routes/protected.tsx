import { Navigate, Outlet, useLocation } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { Spinner } from "@/components/ui/spinner";
import { useAuthStore } from "@/lib/auth/auth-store";

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
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Loading your session" className="size-10 text-primary" />
      </div>
    );
  }
  if (!isAuthenticated || !currentUser) return <Navigate to="/login" state={{ from: location }} replace />;
  if (!currentUser.household_id && !WITHOUT_HOUSEHOLD.includes(path)) return <Navigate to="/onboarding" replace />;
  if (currentUser.household_id && path === "/onboarding") return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
