import type { CartBundle } from '@admit/contracts/cart';
import type { PaymentEntry, Purchaser } from '@admit/contracts/checkout';
import type { CheckoutCall } from '@/features/checkout/api/checkout-cart';
import { gifteeIdentityId } from '@/api/cart/cart-giftee';

/**
 * Which checkout call pays the cart (identity §7): a guest's with the purchaser, a member's
 * gift cart through gift_checkout naming its giftee (decision 0023), else the member checkout.
 */
export function checkoutCallFor(
  bundle: CartBundle,
  entry: PaymentEntry,
  purchaser: Purchaser | null,
): CheckoutCall {
  if (purchaser) return { kind: 'guest', body: { ...entry, purchaser, send_email: true } };
  const giftee = gifteeIdentityId(bundle);
  return giftee
    ? { kind: 'gift', body: { ...entry, giftee_identity_id: giftee } }
    : { kind: 'member', body: entry };
}

/** Whether the cart holds a membership level (a ticket of a `membership` group). */
function holdsMembership(bundle: CartBundle): boolean {
  const membershipGroups = new Set(
    (bundle.ticket_group?._data ?? []).filter((g) => g.handler === 'membership').map((g) => g.id),
  );
  return bundle.ticket._data.some(
    (t) =>
      membershipGroups.has(t.ticket_group_id) && t.state !== 'cancelled' && t.state !== 'unbooked',
  );
}

/**
 * identity §3 "Payment entry … auto_renew": the membership form's choice (kept with the cart,
 * shopping §4) rides on the payment of a cart holding a membership; a card paying for an
 * auto-renewing membership is saved for the renewal (`save_card`, decision 0035).
 */
export function withAutoRenew(
  entry: PaymentEntry,
  bundle: CartBundle,
  autoRenew: boolean | null,
): PaymentEntry {
  if (autoRenew === null || !holdsMembership(bundle)) return entry;
  const saveCard = autoRenew && entry.gateway_id === 'stripe';
  return {
    ...entry,
    auto_renew: autoRenew,
    ...(saveCard ? { gateway_data: { ...entry.gateway_data, save_card: true } } : {}),
  };
}
