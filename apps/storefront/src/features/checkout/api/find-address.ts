import { type AddressFindQuery, type AddressSuggestion } from '@admit/contracts/address';
import { addressFindRoute } from '@admit/contracts/routes/checkout';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '@/api/client';
import { readOnce } from '@/api/read-once';

/**
 * GET address/find (identity §7 Find; decision 0024): suggestions for the text in one country;
 * a `container` suggestion's id as `container` lists the addresses inside it. The server holds
 * the seller's key; `_seller` is added by the client. Retried as any read (`readOnce`).
 */
export async function findAddress(
  queryClient: QueryClient,
  query: Omit<AddressFindQuery, '_seller'>,
): Promise<AddressSuggestion[]> {
  const { text, country, container } = query;
  const answer = await readOnce(
    queryClient,
    ['address', 'find', text, country, container],
    (signal) => call(addressFindRoute, { query: { text, country, container }, signal }),
  );
  return answer.address_suggestion._data;
}
