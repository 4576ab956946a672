import { Link, useSearchParams } from "react-router";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FineSideSwitch } from "@/features/fines/components/fine-side-switch";
import { MyFinesList } from "@/features/fines/components/my-fines-list";
import { fineFilterFrom, fineSideFrom, type FineFilter, type FineSide } from "@/features/fines/utils/fine-filter";
import { FineViewerScope } from "../fine-viewer-scope";
import { usePageTitle } from "../page-title";

/**
 * /dashboard/fines (SPEC §2 My Fines): received fines, filtered by `?filter=`; or, with `?side=issued` (issue 18), the
 * fines the viewer issued. Both live in the address, so a reload or Back shows the same list.
 */
export function Component() {
  usePageTitle("My Fines");
  const [params, setParams] = useSearchParams();
  const filter = fineFilterFrom(params.get("filter"));
  const side = fineSideFrom(params.get("side"));
  // SPEC's list keeps SPEC's address: `side` is written only for the issued side.
  const search = (next: { filter: FineFilter; side: FineSide }): Record<string, string> =>
    next.side === "issued" ? { filter: next.filter, side: next.side } : { filter: next.filter };
  const changeFilter = (next: FineFilter) => setParams(search({ filter: next, side }), { replace: true });
  // Another list, not a refinement of this one: a history entry, so Back returns to the other side.
  const changeSide = (next: FineSide) => setParams(search({ filter, side: next }));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">My Fines</h1>
          <p className="text-muted-foreground">
            {side === "issued"
              ? "The fines you have issued, newest first."
              : "The fines you have received, newest first."}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/dashboard/fines/new">
            <Plus aria-hidden="true" />
            Issue New Fine
          </Link>
        </Button>
      </div>
      <FineSideSwitch side={side} onSideChange={changeSide} />
      <FineViewerScope>
        <MyFinesList side={side} filter={filter} onFilterChange={changeFilter} />
      </FineViewerScope>
    </div>
  );
}
