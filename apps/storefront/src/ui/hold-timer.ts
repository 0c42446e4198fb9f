import {
  CART_EXTENSION_OFFER_SECONDS,
  CART_EXTENSION_SECONDS,
  CART_MAX_EXTENSIONS,
} from '@admit/contracts/constants';

/**
 * The rules of a hold's countdown and its extension (shopping §4 "Cart timer", identity §2
 * "Global dialogs"), shared by the shopping cart's dialogs and the manage page's edit (an order
 * edit is a cart with its own expiry, decision 0036). The server owns the expiry; these only
 * count down and say when to offer more time.
 */

/**
 * spec: shopping §4 — the offer shows at ≤ 60 s, not expired, and not declined; and (decision
 * 0025) not once the hold had the extensions the server grants.
 */
export function shouldOfferExtension(seconds: number, declined: boolean, extensions = 0): boolean {
  return (
    seconds > 0 &&
    seconds <= CART_EXTENSION_OFFER_SECONDS &&
    !declined &&
    extensions < CART_MAX_EXTENSIONS
  );
}

/** m:ss for the countdown, e.g. 4:05. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, seconds);
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/** Whole seconds left until a local expiry (epoch ms), never negative. */
export function secondsLeft(localExpiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((localExpiresAt - now) / 1000));
}

/** The server's current expiry plus 2 minutes (shopping §4, §9: extension 2 minutes). */
export function extendedExpiry(expiresAt: string): string {
  return new Date(Date.parse(expiresAt) + CART_EXTENSION_SECONDS * 1000).toISOString();
}
