/** Leaves the storefront for another page (the card authentication step); a seam for tests. */
export function redirectBrowser(url: string): void {
  window.location.assign(url);
}
