import type { PushService } from "../../../config.js";

const DEFAULT_PORTS: Record<string, string> = { "https:": "443", "http:": "80" };

/**
 * Whether the server may send to this endpoint: it names one of the configured push services (PUSH_SERVICES) by
 * protocol, host (exactly, or for a `*.` entry any of its subdomains) and port, with no user info. The server POSTs to whatever a
 * subscription names, so this is what keeps a subscription from pointing it at an internal address (SSRF).
 */
export function isTrustedPushEndpoint(endpoint: string, services: readonly PushService[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== "" || url.password !== "") return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || DEFAULT_PORTS[url.protocol];
  return services.some(
    (service) =>
      service.protocol === url.protocol &&
      (service.port || DEFAULT_PORTS[service.protocol]) === port &&
      // `*.push.apple.com` is its subdomains only, as a certificate's wildcard is.
      (service.subdomains ? host.endsWith(`.${service.host}`) : host === service.host),
  );
}

/** The endpoint's origin, for logs: its path names the device to its push service and stays out of them. */
export function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "unknown";
  }
}
