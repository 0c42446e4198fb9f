import { startTransition, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import { cartQueryOptions } from '@/api/cart/get-cart';
import { liveCartId, setCartFromBundle, useCartState } from '@/stores/cart-store';
import { useStoredValuesHeld } from '@/stores/persisted-store';
import { Loader } from '@/ui/loader';
import { HydrationBoundary } from '@/ui/hydration-boundary';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { CheckoutForm } from '@/features/checkout/components/checkout-form';
import { DonationSection } from '@/features/checkout/components/donation-section';
import { useTicketGroup } from '@/features/checkout/api/get-ticket-group';
import { useSellerConfig } from '@/config/seller-config';
import type { GiftCardSlotProps } from '@/features/checkout/components/payment-section';
import { isBlocked } from '@/features/checkout/model/checkout-view';
import { gifteeName } from '@/api/cart/cart-giftee';
import { goneCartRedirect } from '@/features/checkout/model/entry-redirect';
import { BalanceEntry } from '@/features/checkout/components/balance-entry';
import { PayStateProvider } from '@/features/checkout/pay-state';
import { MobilePayButton } from '@/features/checkout/components/mobile-pay-button';
import styles from '@/features/checkout/checkout.module.css';

/** What the app plugs into the checkout (features never import each other). */
export interface CheckoutSlots {
  /** the cart summary: widget on desktop, footer with the cart button, total and pay button */
  sidebar: ComponentType<{ footerAction?: ReactNode }>;
  promoCodes: ComponentType<{ bundle: CartBundle; modifiable: boolean }>;
  checkoutCode: ComponentType<{ bundle: CartBundle }>;
  giftCard: ComponentType<GiftCardSlotProps>;
}

/** Sends the visitor on when the cart cannot be paid (identity §8 "Checkout entry"). */
function GoneCart({ cartId, fromRoute }: { cartId: string; fromRoute: boolean }) {
  const t = useStrings(CHECKOUT_STRINGS);
  const [to, setTo] = useState<string | null>(null);
  const secret = useSearchParams()[0].get('secret');
  useEffect(() => {
    let live = true;
    void goneCartRedirect(cartId, fromRoute, secret).then((path) => live && setTo(path));
    return () => {
      live = false;
    };
  }, [cartId, fromRoute, secret]);
  return to ? <Navigate to={to} replace /> : <Loader label={t('checkout.loading')} />;
}

/**
 * /checkout/{cartId?} (identity §2 "Checkout"): the route's cart or the stored one. A blocked
 * cart shows only the checkout-code form (identity §2, §4); otherwise promo codes, payment
 * information, your information, terms and the pay button, with the cart summary beside.
 */
export function CheckoutRoute({ slots }: { slots: CheckoutSlots }) {
  const t = useStrings(CHECKOUT_STRINGS);
  // the route's id, else the query's `cartId` (identity §2: a redirect payment's return)
  const [search] = useSearchParams();
  const routeCartId = useParams().cartId ?? (search.get('cartId') || undefined);
  const state = useCartState();
  const cartId = routeCartId ?? liveCartId(state);
  const query = useQuery({ ...cartQueryOptions(cartId ?? 'none'), enabled: cartId !== null });
  // the donation upsell's group loads beside the cart, and the page waits for both: a section
  // appearing above the form after it was drawn pushed it ~300 px down (CLS, issue #13); a
  // failed read lets the page go on without the optional upsell
  const donationGroupId = useSellerConfig().checkout.donation_group_id ?? null;
  const donation = useTicketGroup(donationGroupId);
  const bundle = query.data ?? null;
  // the form is the storefront's largest render: its first drawing is a transition, which React
  // renders in slices instead of one long task on a slow phone (TBT, issue #13); later updates
  // (a payment, a code) draw at once, so the page never shows two states of the cart together
  // — but a page the server drew (decision 0045) is already drawn, on both sides
  const arrived = bundle !== null;
  const hydrating = useStoredValuesHeld();
  const [drawn, setDrawn] = useState(() => arrived && hydrating);
  useEffect(() => {
    if (arrived) startTransition(() => setDrawn(true));
  }, [arrived]);
  const cart = bundle?.cart._data[0] ?? null;
  const giftee = bundle ? gifteeName(bundle) : null;
  usePageTitle(giftee ? t('checkout.gift-title', { name: giftee }) : t('checkout.title'));

  // a cart opened by its address becomes the visitor's cart (timer, widget, expiry dialogs)
  useEffect(() => {
    if (routeCartId && bundle && state.cartId !== routeCartId) setCartFromBundle(bundle);
  }, [routeCartId, bundle, state.cartId]);

  if (!cartId) return <Navigate to="/events" replace />;
  if (query.isPending || (arrived && !drawn) || (donationGroupId !== null && donation.isPending)) {
    return <Loader label={t('checkout.loading')} />;
  }
  if (query.isError) {
    return (
      <p role="alert" className={styles.alert}>
        {t('checkout.error.unexpected')}
      </p>
    );
  }
  if (!bundle || !cart) {
    // an order's cart with a balance is paid by its address (decision 0021)
    const fromRoute = routeCartId !== undefined;
    return (
      <BalanceEntry cartId={cartId} fromRoute={fromRoute} GiftCard={slots.giftCard}>
        <GoneCart cartId={cartId} fromRoute={fromRoute} />
      </BalanceEntry>
    );
  }
  if (bundle.ticket._data.length === 0) return <Navigate to="/events" replace />;

  const { sidebar: Sidebar, promoCodes: PromoCodes, checkoutCode: CheckoutCode } = slots;
  const modifiable = cart.state === 'pending' && (cart.expires_in ?? 1) > 0;
  return (
    <PayStateProvider>
      <div className={styles.page}>
        <div className={styles.main}>
          <h1>{giftee ? t('checkout.gift-title', { name: giftee }) : t('checkout.title')}</h1>
          {isBlocked(bundle) ? (
            <CheckoutCode bundle={bundle} />
          ) : (
            <>
              <PromoCodes bundle={bundle} modifiable={modifiable} />
              <DonationSection bundle={bundle} modifiable={modifiable} />
              <HydrationBoundary>
                <CheckoutForm bundle={bundle} GiftCard={slots.giftCard} />
              </HydrationBoundary>
            </>
          )}
        </div>
        <aside aria-label={t('checkout.summary')}>
          <HydrationBoundary>
            <Sidebar footerAction={isBlocked(bundle) ? undefined : <MobilePayButton />} />
          </HydrationBoundary>
        </aside>
      </div>
    </PayStateProvider>
  );
}
