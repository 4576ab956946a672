import { Link, useSearchParams } from "react-router";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MyFinesList } from "@/features/fines/components/my-fines-list";
import { fineFilterFrom, type FineFilter } from "@/features/fines/utils/fine-filter";
import { FineViewerScope } from "../fine-viewer-scope";
import { usePageTitle } from "../page-title";

/** /dashboard/fines (SPEC §2 My Fines): received fines, filtered by `?filter=`. */
export function Component() {
  usePageTitle("My Fines");
  const [params, setParams] = useSearchParams();
  const filter = fineFilterFrom(params.get("filter"));
  const changeFilter = (next: FineFilter) => setParams({ filter: next }, { replace: true });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">My Fines</h1>
          <p className="text-muted-foreground">The fines you have received, newest first.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/dashboard/fines/new">
            <Plus aria-hidden="true" />
            Issue New Fine
          </Link>
        </Button>
      </div>
      <FineViewerScope>
        <MyFinesList filter={filter} onFilterChange={changeFilter} />
      </FineViewerScope>
    </div>
  );
}
