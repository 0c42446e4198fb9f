import { useContext, useEffect, useState } from 'react';
import { useCartState } from '@/stores/cart-store';
import { useStoredValuesHeld } from '@/stores/persisted-store';
import { ServerVisitorContext } from '@/stores/server-visitor';
import { secondsLeft } from '@/ui/hold-timer';

const TICK_MS = 1000;

/**
 * Seconds left on the visitor's cart hold, counted from the local expiry and re-read every
 * second (shopping §4 "Polled every 1 s"). The server owns the expiry; this only counts down.
 * null when there is no cart with an expiry.
 */
export function useCartCountdown(): { cartId: string | null; seconds: number | null } {
  const { cartId, localExpiresAt } = useCartState();
  const visitor = useContext(ServerVisitorContext);
  const held = useStoredValuesHeld();
  // a server-drawn checkout counts from the server's clock until it has hydrated (the same
  // text on both sides, decision 0045); the effect below moves to this browser's at once
  const [now, setNow] = useState(() => (visitor && held ? visitor.now : Date.now()));
  const active = cartId !== null && localExpiresAt !== null;
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active, localExpiresAt]);
  if (!active) return { cartId: null, seconds: null };
  return { cartId, seconds: secondsLeft(localExpiresAt, now) };
}
