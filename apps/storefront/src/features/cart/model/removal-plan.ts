import type { CartItem } from '@/api/cart/cart-items';

/**
 * What confirming a removal does (shopping §4 "Removing a cart item"): a dependency or the only
 * item takes the whole cart (delete it), anything else removes only that item's tickets.
 */
export type RemovalPlan = { kind: 'delete_cart' } | { kind: 'remove_tickets'; tickets: string[] };

export function removalPlan(item: CartItem, items: readonly CartItem[]): RemovalPlan {
  if (item.isDependency || items.length <= 1) return { kind: 'delete_cart' };
  return { kind: 'remove_tickets', tickets: item.ticketIds };
}

/** The dependency warning shows when removing this item would take other items with it. */
export function showsDependencyWarning(item: CartItem, items: readonly CartItem[]): boolean {
  return item.isDependency && items.length > 1;
}
