/**
 * Leaves the app for the payment provider's page. A full navigation, not the router's: the page is another site's,
 * and it sends the admin back to the settings page with `?billing=…`.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
