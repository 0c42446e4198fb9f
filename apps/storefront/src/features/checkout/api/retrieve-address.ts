import type { RetrievedAddress } from '@admit/contracts/address';
import { addressRetrieveRoute } from '@admit/contracts/routes/checkout';
import { call } from '@/api/client';

/** GET address/retrieve (identity §7 Retrieve; decision 0024): the address of a suggestion id. */
export async function retrieveAddress(id: string): Promise<RetrievedAddress[]> {
  const answer = await call(addressRetrieveRoute, { query: { id } });
  return answer.address._data;
}
