import type { ReactNode } from "react";
import { Link } from "react-router";
import { UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { UserMenu } from "./user-menu";

export interface AppHeaderProps {
  onInvite: () => void;
  /** The notifications bell, when the notifications feature supplies it. */
  notificationsBell?: ReactNode;
  /** The places the account menu marks Pro (issue 21). */
  proPaths?: ReadonlySet<string> | undefined;
}

/** SPEC §2 Signed-in shell: the sticky header. */
export function AppHeader({ onInvite, notificationsBell, proPaths }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-16 items-center gap-3 px-4 md:px-6">
        <Link
          to="/dashboard"
          className="inline-flex items-center gap-2 rounded-md text-lg font-extrabold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <img src="/favicon.svg" alt="" className="size-8" />
          Housemate
        </Link>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <Button needsServer variant="outline" onClick={onInvite} className="hidden md:inline-flex">
            <UserPlus aria-hidden="true" />
            Invite Housemates
          </Button>
          {notificationsBell}
          <UserMenu proPaths={proPaths} />
        </div>
      </div>
    </header>
  );
}
