/**
 * Whether the cart already holds an admission event (shopping §2 rule 2, §6). There is no cart
 * in the storefront yet, so nothing is in it: anchor events always prompt for admission first.
 * The cart issue replaces this with a look at the cart's items.
 */
export function hasAdmissionInCart(): boolean {
  return false;
}
