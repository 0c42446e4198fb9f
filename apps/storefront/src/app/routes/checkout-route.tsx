import { CheckoutRoute } from '@/features/checkout/checkout-route';
import type { CheckoutSlots } from '@/features/checkout/checkout-route';
import { CartSidebar } from '@/features/cart/cart-sidebar';
import { PromoCodeSection } from '@/features/codes/promo-code-section';
import { CheckoutCodeForm } from '@/features/codes/checkout-code-form';
import { GiftCardButton } from '@/features/codes/gift-card-modal';
import { CheckoutEntryRules } from '@/app/navigation/checkout-entry-rules';

/** The checkout with the cart summary and the code forms plugged in (identity §2 "Checkout"). */
const slots: CheckoutSlots = {
  sidebar: CartSidebar,
  promoCodes: PromoCodeSection,
  checkoutCode: CheckoutCodeForm,
  giftCard: GiftCardButton,
};

export function ComposedCheckoutRoute() {
  // set e-mail first, the login-or-guest choice (identity §2 Login, §6)
  return (
    <CheckoutEntryRules>
      <CheckoutRoute slots={slots} />
    </CheckoutEntryRules>
  );
}
