import { APP_LINK_INVITE_PREFIX, APP_LINK_SIGN_IN_PATH } from "@housemate/contract";

/**
 * The custom scheme the phone apps register (Android's intent filter, iOS's URL type): housemate://… opens the app,
 * which then follows the link if deepLinkRoute names a screen for it.
 */
export const DEEP_LINK_SCHEME = "housemate";

/**
 * The server's own https links the phone apps claim (Android App Links, iOS Universal Links through the server's
 * apple-app-site-association): the two kinds of link the server sends, the contract's sign-in path (`exact`: the path
 * alone, its token in the query) and invite prefix (`prefix`: the code follows). Every other page of the site stays in
 * the browser. The projects' files must say the same (src/native-projects.test.ts).
 */
export const APP_LINK_PATHS = [
  { path: APP_LINK_SIGN_IN_PATH, match: "exact" },
  { path: APP_LINK_INVITE_PREFIX, match: "prefix" },
] as const;

/**
 * SPEC §2 'Native mobile deep links': the in-app route for a link the mobile wrapper was opened
 * with, or null when the app should ignore it. Works for web links (https://host/auth/verify?…)
 * and custom schemes (housemate://auth/verify?…, where the URL parser calls "auth" the host).
 */
export function deepLinkRoute(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const isWeb = url.protocol === "http:" || url.protocol === "https:";
  const path = isWeb ? url.pathname : `/${url.host}/${url.pathname}`.replace(/\/{2,}/g, "/");

  if (path.includes("/verify")) {
    const token = url.searchParams.get("token");
    return token ? `/auth/verify?${new URLSearchParams({ token }).toString()}` : null;
  }
  const invite = /\/invite\/([^/]+)/.exec(path);
  return invite ? `/invite/${invite[1]}` : null;
}
