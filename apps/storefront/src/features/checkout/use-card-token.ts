import { useCallback, useRef } from 'react';
import type { SandboxCardBody } from '@admit/contracts/checkout';
import { tokenizeCard } from '@/features/checkout/api/tokenize-card';

/**
 * The card token of the current attempt. The same card fields give the same token, so a
 * retried attempt sends the same body and reuses its Idempotency-Key; `forget` after any
 * definite answer (a declined token is not reused).
 */
export function useCardToken() {
  const last = useRef<{ card: string; token: string } | null>(null);
  const tokenFor = useCallback(async (card: SandboxCardBody) => {
    const key = JSON.stringify(card);
    if (last.current?.card === key) return last.current.token;
    const method = await tokenizeCard(card);
    last.current = { card: key, token: method.id };
    return method.id;
  }, []);
  const forget = useCallback(() => {
    last.current = null;
  }, []);
  return { tokenFor, forget };
}
