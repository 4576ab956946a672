import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { AppHeader } from "./app-header";
import { MobileNav } from "./mobile-nav";
import { Sidebar } from "./sidebar";

export interface AppShellProps {
  /** The desktop 'Invite Housemates' button. */
  onInvite: () => void;
  /** The phone bar's Invite: copies the household ID. */
  onCopyHouseholdId: () => void;
  /** Dialogs the shell's buttons open (the invite dialog). */
  dialogs?: ReactNode;
  /** Slots other features fill; see app/routes/shell.tsx. */
  notificationsBell?: ReactNode;
  houseBalance?: ReactNode;
  compactHouseBalance?: ReactNode;
}

/**
 * SPEC §2 Signed-in shell: sticky header, desktop sidebar, phone bottom bar, and the page in the
 * middle. The shell only lays things out; what goes in the slots is decided where it is used.
 */
export function AppShell({
  onInvite,
  onCopyHouseholdId,
  dialogs,
  notificationsBell,
  houseBalance,
  compactHouseBalance,
}: AppShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      <AppHeader onInvite={onInvite} notificationsBell={notificationsBell} />
      <div className="flex flex-1">
        <Sidebar houseBalance={houseBalance} />
        <main
          className={
            compactHouseBalance
              ? "min-w-0 flex-1 px-4 pt-6 pb-40 md:px-8 md:pb-10"
              : "min-w-0 flex-1 px-4 pt-6 pb-24 md:px-8 md:pb-10"
          }
        >
          <div className="mx-auto w-full max-w-5xl">
            <Outlet />
          </div>
        </main>
      </div>
      <MobileNav onInvite={onCopyHouseholdId} compactHouseBalance={compactHouseBalance} />
      {dialogs}
    </div>
  );
}
