import type { ComponentProps, ReactNode } from "react";
import { NavLink } from "react-router";
import { UserPlus } from "lucide-react";
import { cn } from "@/lib/utils";
import { NAV_ITEMS, NEW_FINE_ICON, NEW_FINE_PATH, type NavItem } from "./nav-items";

export interface MobileNavProps {
  /** Copies the household ID (SPEC §2: Invite on mobile). */
  onInvite: () => void;
  /** The balance feature's compact House Balance, shown above the buttons. */
  compactHouseBalance?: ReactNode;
}

const ITEMS: readonly NavItem[] = [
  ...NAV_ITEMS,
  { to: NEW_FINE_PATH, label: "New Fine", icon: NEW_FINE_ICON, end: true },
];

const itemClass =
  "flex min-w-0 flex-col items-center justify-center gap-1 rounded-md py-2 text-[10px] font-medium leading-none tracking-tighter transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5";

/**
 * SPEC §2 Signed-in shell: the bottom bar on phones, SPEC's items with Household (issue 16) and Fund (issue 17). Seven
 * columns, no gaps, 10 px labels set tight: 'Dashboard', the longest, is 50 of its column's 51 px on a 360 px phone
 * even in a wide fallback font (DejaVu Sans, measured); a wider one truncates it rather than spilling over.
 */
export function MobileNav({ onInvite, compactHouseBalance }: MobileNavProps) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden">
      {/* A landmark of its own, as the sidebar's House Balance is: content outside landmarks is missed by landmark navigation. */}
      {compactHouseBalance && (
        <section aria-label="House balance" className="border-b px-4 py-2">
          {compactHouseBalance}
        </section>
      )}
      <nav aria-label="Mobile" className="grid grid-cols-7 px-0.5 pt-1 pb-1">
        {ITEMS.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            className={({ isActive }) =>
              cn(itemClass, isActive ? "text-primary" : "text-muted-foreground hover:text-foreground")
            }
          >
            <Icon aria-hidden="true" />
            <span className="max-w-full truncate">{label}</span>
          </NavLink>
        ))}
        <InviteButton onClick={onInvite} />
      </nav>
    </div>
  );
}

function InviteButton(props: ComponentProps<"button">) {
  return (
    <button type="button" className={cn(itemClass, "text-muted-foreground hover:text-foreground")} {...props}>
      <UserPlus aria-hidden="true" />
      <span className="max-w-full truncate">Invite</span>
    </button>
  );
}
