import type { OrderProof } from '@admit/contracts/visitor-cookies';
import { readAddress, ticketOrderRead } from '@admit/contracts/initial-reads';
import type { RouteSeed } from '@/api/route-prefetch';
import { orderProof } from '@/stores/order-secrets';
import {
  ticketOrderQueryOptions,
  ticketOrderResponseSchema,
} from '@/features/orders/api/get-ticket-order';
import { parseOrderIds } from '@admit/contracts/storefront-pages';

const sameProof = (a: OrderProof, b: OrderProof) =>
  (a.secret ?? null) === (b.secret ?? null) && (a.cart_id ?? null) === (b.cart_id ?? null);

/**
 * /checkout/complete?orderIds= drawn by the server (decision 0045): every order read by the
 * host with the proof the browser keeps in its cookie. The browser hydrates only when it still
 * keeps those proofs (otherwise it reads, and draws, for itself).
 */
export const seedCheckoutComplete: RouteSeed = ({
  queryClient,
  config,
  read,
  visitor,
  search,
  side,
}) => {
  const ids = parseOrderIds(search.get('orderIds'));
  if (!visitor || ids.length === 0) return false;
  const answers = [];
  for (const id of ids) {
    const proof = visitor.orderProofs[id];
    if (!proof || (side === 'browser' && !sameProof(orderProof(id), proof))) return false;
    const { path, query } = ticketOrderRead(id, proof);
    const body = read(readAddress(path, query, false, config.seller.slug));
    if (body === undefined) return false;
    answers.push({ id, proof, body: ticketOrderResponseSchema.parse(body) });
  }
  for (const { id, proof, body } of answers) {
    queryClient.setQueryData(ticketOrderQueryOptions(id, null, proof).queryKey, body);
  }
  return true;
};
