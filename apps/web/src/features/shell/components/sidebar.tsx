import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { NAV_ITEMS, NEW_FINE_ICON as NewFineIcon, NEW_FINE_PATH } from "./nav-items";
import { ProMark } from "./pro-mark";

/**
 * SPEC §2 Signed-in shell: the desktop sidebar. `houseBalance` is the balance feature's House Balance card; `proPaths`
 * the places marked Pro (issue 21: on Basic, Activity and Insights).
 */
export function Sidebar({ houseBalance, proPaths }: { houseBalance?: ReactNode; proPaths?: ReadonlySet<string> }) {
  return (
    <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r p-4 md:flex">
      <nav aria-label="Main" className="flex flex-col gap-1">
        {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                isActive
                  ? "bg-primary/10 text-primary"
                  : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
              )
            }
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
            {proPaths?.has(to) && (
              <>
                {" "}
                <ProMark />
              </>
            )}
          </NavLink>
        ))}
      </nav>
      <Button asChild className="w-full">
        <Link to={NEW_FINE_PATH}>
          <NewFineIcon aria-hidden="true" />
          Issue New Fine
        </Link>
      </Button>
      {houseBalance}
    </aside>
  );
}
