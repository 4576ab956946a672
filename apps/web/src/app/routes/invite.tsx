import { useParams } from "react-router";
import { InviteLanding } from "@/features/households/components/invite-landing";
import { usePageTitle } from "../page-title";

/** /invite/{code} (SPEC §2): open to everyone, signed in or not. */
export function Component() {
  usePageTitle("Invitation");
  const { code } = useParams();
  return <InviteLanding code={code?.trim() || undefined} />;
}
