/**
 * Sends the browser to an address outside the router (a full page load). One function so tests
 * can stand in for `window.location.assign`, which jsdom does not implement.
 */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
