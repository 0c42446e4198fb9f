import { type AddressFindQuery, type AddressSuggestion } from '@admit/contracts/address';
import { addressFindRoute } from '@admit/contracts/routes/checkout';
import { call } from '@/api/client';

/**
 * GET address/find (identity §7 Find; decision 0024): suggestions for the text in one country;
 * a `container` suggestion's id as `container` lists the addresses inside it. The server holds
 * the seller's key; `_seller` is added by the client.
 */
export async function findAddress(
  query: Omit<AddressFindQuery, '_seller'>,
): Promise<AddressSuggestion[]> {
  const answer = await call(addressFindRoute, {
    query: { text: query.text, country: query.country, container: query.container },
  });
  return answer.address_suggestion._data;
}
