import { Shield } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** Profile → Preferences: Privacy Settings, which SPEC §2 marks 'coming soon'. */
export function PrivacySettingsCard() {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Shield className="size-5 text-muted-foreground" aria-hidden="true" />
          <CardTitle>Privacy Settings</CardTitle>
          <Badge variant="secondary">Coming soon</Badge>
        </div>
        <CardDescription>Control who in your household sees your activity. This is coming soon.</CardDescription>
      </CardHeader>
    </Card>
  );
}
