import { useSearchParams } from "react-router";
import { CardScreen } from "@/components/card-screen";
import { UnsubscribeCard } from "@/features/notifications/components/unsubscribe-card";
import { usePageTitle } from "../page-title";

/** /unsubscribe?token=… (issue 22): an email's unsubscribe link, open to everyone, signed in or not. */
export function Component() {
  usePageTitle("Unsubscribe");
  const [params] = useSearchParams();
  return (
    <CardScreen className="max-w-lg">
      <UnsubscribeCard token={params.get("token")?.trim() || undefined} />
    </CardScreen>
  );
}
