import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { UserPlus } from "lucide-react";
import { publishBottomBar } from "@/lib/toast-clearance";
import { cn } from "@/lib/utils";
import { MOBILE_BAR, NEW_FINE_ICON as NewFineIcon, NEW_FINE_PATH, type NavItem } from "./nav-items";

export interface MobileNavProps {
  /** Copies the household ID (SPEC §2: Invite on mobile). */
  onInvite: () => void;
  /** The balance feature's compact House Balance, shown above the buttons; it leads to the Fund. */
  compactHouseBalance?: ReactNode;
}

/** Every target is at least 56 px tall and a fifth of the width: comfortably over the 44 px a thumb needs. */
const itemClass =
  "flex min-h-14 min-w-0 flex-col items-center justify-center gap-1 rounded-md text-xs font-medium leading-none transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-6";
const tone = (isActive: boolean) => (isActive ? "text-primary" : "text-muted-foreground hover:text-foreground");

function PlaceLink({ to, label, icon: Icon, end }: NavItem) {
  return (
    <NavLink to={to} end={end} className={({ isActive }) => cn(itemClass, tone(isActive))}>
      <Icon aria-hidden="true" />
      <span className="max-w-full truncate">{label}</span>
    </NavLink>
  );
}

/**
 * SPEC §2 Signed-in shell: the bottom bar on phones, built for one thumb (issue 18). SPEC's five items in SPEC's order
 * (`MOBILE_BAR`), at the foot of the screen: New Fine, the action most often taken, is the one raised, filled button.
 */
export function MobileNav({ onInvite, compactHouseBalance }: MobileNavProps) {
  return (
    // Publishes its height, so toasts keep above it (app/toaster.tsx).
    <div
      ref={publishBottomBar}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      {/* A landmark of its own, as the sidebar's House Balance is: content outside landmarks is missed by landmark navigation. */}
      {compactHouseBalance && (
        <section aria-label="House balance" className="border-b px-4 [&>a]:min-h-11">
          {compactHouseBalance}
        </section>
      )}
      <nav aria-label="Mobile" className="grid grid-cols-5 gap-1 px-2 py-1">
        {MOBILE_BAR.map((entry) =>
          entry.kind === "place" ? (
            <PlaceLink key={entry.item.to} {...entry.item} />
          ) : entry.kind === "new-fine" ? (
            <NavLink
              key="new-fine"
              to={NEW_FINE_PATH}
              end
              className={({ isActive }) => cn(itemClass, "group text-foreground", isActive && "text-primary")}
            >
              <span className="-mt-5 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-md ring-4 ring-background transition-transform group-active:scale-95 [&_svg]:size-7">
                <NewFineIcon aria-hidden="true" />
              </span>
              <span className="max-w-full truncate font-semibold">New Fine</span>
            </NavLink>
          ) : (
            <button key="invite" type="button" onClick={onInvite} className={cn(itemClass, tone(false))}>
              <UserPlus aria-hidden="true" />
              <span className="max-w-full truncate">Invite</span>
            </button>
          ),
        )}
      </nav>
    </div>
  );
}
