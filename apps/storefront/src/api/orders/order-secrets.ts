import { getApiSeller } from '@/api/client';

/**
 * The secret of each order this browser just bought (the checkout answer's `access_secret`).
 * A guest's order belongs to the purchaser identity made at checkout, not to the browser's
 * public identity, so the completed page reads it — and its QR code — through the secret, like
 * the e-mail's link does. Kept in session storage: it outlives a reload of the completed page
 * but not the tab. Storage errors are tolerated (the page then shows "We could not find that
 * order." and the e-mail still has the link).
 */
const key = () => `admit:${getApiSeller() ?? 'seller'}:order-secrets`;

function readAll(): Record<string, string> {
  try {
    const raw = sessionStorage.getItem(key());
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberOrderSecret(orderId: string, secret: string): void {
  try {
    sessionStorage.setItem(key(), JSON.stringify({ ...readAll(), [orderId]: secret }));
  } catch {
    // storage unavailable: nothing to remember
  }
}

export function orderSecret(orderId: string): string | null {
  return readAll()[orderId] ?? null;
}

/** Remembers the secret of every order of a checkout answer. */
export function rememberCheckoutSecrets(answer: {
  ticket_order: { _data: { id: string }[] };
  access_secret: string;
}): void {
  for (const order of answer.ticket_order._data)
    rememberOrderSecret(order.id, answer.access_secret);
}
