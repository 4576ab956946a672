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

export const MISSING_SHELL_SERVER =
  "Set HOUSEMATE_URL to the Housemate server's https address (its PUBLIC_URL), e.g. https://housemate.example";

/** HOUSEMATE_URL for the phone apps' build, which has no page origin to fall back on: refused when unset. */
export function requiredShellServerOrigin(value: string | undefined): string {
  const origin = shellServerOrigin(value);
  if (!origin) throw new Error(MISSING_SHELL_SERVER);
  return origin;
}

/**
 * What `npm run cap:sync` tells the native projects, from the origin this file checked: the only place they learn the
 * server, so the links they open and the server the app calls cannot differ. Android's build.gradle reads the host as
 * written; an xcconfig value cannot hold an address (`//` starts a comment there), so iOS gets the host alone. App
 * Links and Universal Links name a host without its port.
 */
export function nativeProjectSettings(origin: string): { android: string; ios: string } {
  const host = new URL(origin).hostname;
  return { android: `housemateUrl=${origin}\nhousemateHost=${host}\n`, ios: `HOUSEMATE_HOST = ${host}\n` };
}
