/**
 * The server the phone apps call (decision 056): HOUSEMATE_URL, read when the web app is built for them
 * (vite.config.ts, `npm run cap:sync`) and by the native projects for their https links. Unset for the web, which
 * calls its own origin.
 *
 * https only: the shells' pages are https://localhost (Android) and capacitor://localhost (iOS), whose WebViews block
 * calls to http, and App Links and Universal Links are https links.
 */
export function shellServerOrigin(value: string | undefined): string {
  if (value === undefined || value.trim() === "") return "";
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(
      `HOUSEMATE_URL must be the server's https address, such as https://housemate.example (got '${value}')`,
    );
  }
  if (url.protocol !== "https:") {
    throw new Error(
      `HOUSEMATE_URL must be an https address: the phone apps cannot call an http server (got '${value}')`,
    );
  }
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new Error(`HOUSEMATE_URL must be the server's origin alone, as its PUBLIC_URL is (got '${value}')`);
  }
  return url.origin;
}
