import { useLayoutEffect } from "react";
import { TriangleAlert } from "lucide-react";

/**
 * Inside a phone app built without HOUSEMATE_URL (decision 056), in place of the app: with no server to call, every
 * request would go to the app's own page (https://localhost) and fail as if the network were down. A build mistake, so
 * it says how to build the app rather than offering a retry.
 */
export function BuiltWithoutServer() {
  // index.html's spinner, which the app's own layout would otherwise remove.
  useLayoutEffect(() => document.getElementById("boot")?.remove(), []);
  return (
    <main className="grid min-h-dvh place-items-center bg-background px-6 py-16">
      <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">This app has no server</h1>
        <p className="text-muted-foreground break-words">
          This app was built without HOUSEMATE_URL, so it cannot reach Housemate. Build it with{" "}
          <code>npm run cap:sync</code> and the server&apos;s address.
        </p>
      </div>
    </main>
  );
}
