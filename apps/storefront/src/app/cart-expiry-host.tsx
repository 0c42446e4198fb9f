import { lazy, Suspense, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useCartState } from '@/stores/cart-store';

// the dialogs (and the cart calls behind them) load only once the visitor has a cart
const CartExpiryDialogs = lazy(() =>
  import('@/features/cart/expiry/cart-expiry-dialogs').then((m) => ({
    default: m.CartExpiryDialogs,
  })),
);

/**
 * Mounted once in the root layout: the cart-expiry dialogs for every route (identity §2 "Global
 * dialogs"). "Start over" goes to the seller home.
 */
export function CartExpiryHost() {
  const navigate = useNavigate();
  const { cartId } = useCartState();
  const startOver = useCallback(() => void navigate('/'), [navigate]);
  if (!cartId) return null;
  return (
    <Suspense fallback={null}>
      <CartExpiryDialogs onStartOver={startOver} />
    </Suspense>
  );
}
