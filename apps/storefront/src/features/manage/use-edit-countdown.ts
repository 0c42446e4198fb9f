import { useEffect, useState } from 'react';
import type { OrderEdit } from '@admit/contracts/manage';
import { localExpiryFor } from '@/stores/cart-store';
import { secondsLeft } from '@/ui/hold-timer';

/**
 * Seconds left on an order edit's hold, counted from its local expiry (shopping §4: the server's
 * `expires_in` when it was read, minus 5 s) and re-read every second; null without an edit. The
 * server owns the expiry (decision 0036: the edit is a cart with its own).
 */
export function useEditCountdown(edit: OrderEdit | null, readAt: number): number | null {
  const localExpiresAt = edit ? localExpiryFor(edit.expires_in, readAt) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (localExpiresAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [localExpiresAt]);
  return localExpiresAt === null ? null : secondsLeft(localExpiresAt, now);
}
