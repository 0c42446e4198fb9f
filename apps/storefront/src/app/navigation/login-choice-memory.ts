/**
 * spec: identity §2 Login — the login-or-guest choice is offered once per cart (decision 0019
 * "Update"): remembered in session storage, so a reload or a second visit to the checkout in
 * the same tab does not ask again, and a new cart asks anew.
 */
const key = (cartId: string) => `admit:checkout:login-choice:${cartId}`;

export function wasLoginChoiceOffered(cartId: string): boolean {
  try {
    return sessionStorage.getItem(key(cartId)) !== null;
  } catch {
    // spec: identity §8 — storage errors are silent; without storage, never ask twice in a row
    return false;
  }
}

export function rememberLoginChoiceOffered(cartId: string): void {
  try {
    sessionStorage.setItem(key(cartId), '1');
  } catch {
    // spec: identity §8 — storage access errors are tolerated silently
  }
}
