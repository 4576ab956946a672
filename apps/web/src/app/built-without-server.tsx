import { useLayoutEffect } from "react";
import { ErrorScreen } from "./routes/root-layout";

/**
 * Inside a phone app built without HOUSEMATE_URL (decision 056), in place of the app: with no server to call, every
 * request would go to the app's own page (https://localhost) and fail as if the network were down. A build mistake, so
 * it says how to build the app rather than offering a retry.
 */
export function BuiltWithoutServer() {
  // index.html's spinner, which the app's own layout would otherwise remove.
  useLayoutEffect(() => document.getElementById("boot")?.remove(), []);
  return (
    <ErrorScreen
      title="This app has no server"
      message={
        <>
          This app was built without HOUSEMATE_URL, so it cannot reach Housemate. Build it with{" "}
          <code>npm run cap:sync</code> and the server&apos;s address.
        </>
      }
    />
  );
}
