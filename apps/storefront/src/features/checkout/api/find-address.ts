import {
  addressFindResponseSchema,
  type AddressFindQuery,
  type AddressSuggestion,
} from '@admit/contracts/address';
import { apiRead } from '@/api/client';

/**
 * GET address/find (identity §7 Find; decision 0024): suggestions for the text in one country;
 * a `container` suggestion's id as `container` lists the addresses inside it. The server holds
 * the seller's key; `_seller` is added by the client.
 */
export async function findAddress(
  query: Omit<AddressFindQuery, '_seller'>,
): Promise<AddressSuggestion[]> {
  const answer = await apiRead('address/find', {
    query: { text: query.text, country: query.country, container: query.container },
    schema: addressFindResponseSchema,
  });
  return answer.address_suggestion._data;
}
