import { useEffect } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { EVIDENCE_IMAGES_MAX } from "@housemate/contract";
import { Card, CardContent } from "@/components/ui/card";
import { useAuthStore } from "@/lib/auth/auth-store";
import { IssueFineForm } from "@/features/fines/components/issue-fine-form";
import { useHousehold } from "@/features/households/api/get-household";
import { useMemberChoices } from "@/features/households/hooks/use-member-choices";
import { useRules } from "@/features/rules/api/get-rules";
import { ImageUploadField } from "@/features/storage/components/image-upload-field";
import { useImageUploads } from "@/features/storage/hooks/use-image-uploads";
import { DISPLAY_CURRENCY } from "@/lib/format";
import { usePageTitle } from "../page-title";

const MY_FINES = "/dashboard/fines";
/** Issue 18: the issuer lands where the fine just issued is listed. */
const MY_ISSUED_FINES = "/dashboard/fines?side=issued";

/** /dashboard/fines/new (SPEC §2 Issue New Fine): the form, its members and rules, and evidence uploads. */
export function Component() {
  usePageTitle("Issue New Fine");
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.currentUser);
  const householdId = user?.household_id ?? null;
  const household = useHousehold();
  const { query: members, choices: memberChoices = [] } = useMemberChoices();
  const rules = useRules(householdId);
  const uploads = useImageUploads("fine-evidence", EVIDENCE_IMAGES_MAX);
  useEffect(() => {
    if (rules.isError) toast.error("Error", { description: "Failed to load rules" });
  }, [rules.isError]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Issue New Fine</h1>
        <p className="text-muted-foreground">Fine a housemate for breaking a house rule.</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <IssueFineForm
            householdId={householdId}
            userId={user?.id ?? ""}
            currency={household.data?.iso_4217_code ?? DISPLAY_CURRENCY}
            members={memberChoices}
            rules={rules.data ?? []}
            onRefresh={() => {
              void members.refetch();
              void rules.refetch();
            }}
            isRefreshing={members.isFetching || rules.isFetching}
            onCancel={() => void navigate(MY_FINES)}
            onIssued={() => void navigate(MY_ISSUED_FINES)}
            evidencePicker={(id) => <ImageUploadField id={id} uploads={uploads} />}
            evidenceImages={uploads.publicUrls}
            isUploading={uploads.isUploading}
          />
        </CardContent>
      </Card>
    </div>
  );
}
