import { Scale } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FineItem } from "./fine-item";
import { FINES_LOAD_FAILED, FineListSkeleton, type FineListCardProps } from "./fine-list-states";

/** SPEC §2 Dashboard: disputes of fines the viewer issued, each with its review action. */
export function DisputedFinesCard({ fines, isLoading, isError, onRetry }: FineListCardProps) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Disputed Fines to Review</CardTitle>
          <CardDescription>Accept or decline what your housemates disputed.</CardDescription>
        </div>
        {!isLoading && !isError && fines.length > 0 && <Badge variant="destructive">{fines.length}</Badge>}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-2">
        {isLoading ? (
          <FineListSkeleton rows={1} />
        ) : isError ? (
          <LoadError message={FINES_LOAD_FAILED} onRetry={onRetry} />
        ) : fines.length === 0 ? (
          <EmptyState icon={<Scale />} title="No disputes to review" hint="Disputed fines you issued will appear here." />
        ) : (
          fines.map((fine) => <FineItem key={fine.id} fine={fine} compact withDetails disputeFor="issuer" />)
        )}
      </CardContent>
    </Card>
  );
}
