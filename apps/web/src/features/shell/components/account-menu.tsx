import { Link, useNavigate } from "react-router";
import { House, LogOut, User } from "lucide-react";
import { Avatar } from "@/components/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useAuthStore } from "@/lib/auth/auth-store";
import type { SessionUser } from "@/lib/auth/session-user";
import { personName } from "@/lib/person-name";
import { ACTIVITY, HOUSEHOLD_PATH, INSIGHTS } from "./nav-items";
import { ProMark } from "./pro-mark";
import { ACCOUNT_BUTTON_CLASS } from "./user-menu";

export interface AccountMenuProps {
  currentUser: SessionUser;
  /** Open at once: the person pressed the button before this menu had loaded (user-menu.tsx). */
  defaultOpen: boolean;
  /** The places marked Pro (issue 21). */
  proPaths?: ReadonlySet<string> | undefined;
}

/**
 * SPEC §2 Signed-in shell: the avatar menu with the person's name and email, Profile, Household, Activity and Insights
 * (issue 20: the phone's way to them, as the bottom bar keeps SPEC's five) and Log out. A chunk of its own
 * with Radix's menu and its positioning (about 45 kB before compression): user-menu.tsx loads it when it is wanted.
 */
export function AccountMenu({ currentUser, defaultOpen, proPaths }: AccountMenuProps) {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);

  async function logOut() {
    await logout();
    void navigate("/login", { replace: true }); // the screen changes; nothing here waits for it
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label="Account menu" className={ACCOUNT_BUTTON_CLASS}>
        <Avatar displayName={currentUser.display_name} photoUrl={currentUser.photo_url} initialsAsPicture />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
          <span className="truncate font-semibold">{personName(currentUser)}</span>
          <span className="truncate text-xs text-muted-foreground">{currentUser.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard/profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={HOUSEHOLD_PATH}>
            <House aria-hidden="true" />
            Household
          </Link>
        </DropdownMenuItem>
        {[ACTIVITY, INSIGHTS].map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
              {proPaths?.has(to) && (
                <>
                  {" "}
                  <ProMark />
                </>
              )}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem variant="destructive" onSelect={() => void logOut()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
