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
