/**
 * Where the server is (decision 056). On the web: nothing, the page's own origin, so every address stays relative and
 * nothing changes. Inside the phone apps, whose pages are https://localhost and capacitor://localhost: the server the
 * app was built for (HOUSEMATE_URL, vite.config.ts). The API client, the live socket and uploaded files' addresses go
 * there: every address of the server's is made here (serverUrl, serverSocketUrl).
 */
// typeof: scripts run by tsx (the landing page's prerender) import the app without Vite's define.
export const SERVER_ORIGIN: string = typeof __SERVER_ORIGIN__ === "string" ? __SERVER_ORIGIN__ : "";

/**
 * An address of the server's: a path on it (`/files/…`) is made absolute for the phone apps. Anything else is kept: the
 * server's own absolute addresses (it writes uploads' as PUBLIC_URL/files/…), and a picked photo's blob: preview.
 */
export function serverUrl(address: string, origin: string = SERVER_ORIGIN): string {
  return address.startsWith("/") && !address.startsWith("//") ? `${origin}${address}` : address;
}

/**
 * A WebSocket address on the server (SPEC §7: the socket lives on the API host): the phone apps' server, else this
 * page's origin, with http(s) made ws(s).
 */
export function serverSocketUrl(path: string, origin: string = SERVER_ORIGIN): string {
  const url = new URL(serverUrl(path, origin), window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}
