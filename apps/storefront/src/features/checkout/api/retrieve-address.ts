import { addressRetrieveResponseSchema, type RetrievedAddress } from '@admit/contracts/address';
import { apiRead } from '@/api/client';

/** GET address/retrieve (identity §7 Retrieve; decision 0024): the address of a suggestion id. */
export async function retrieveAddress(id: string): Promise<RetrievedAddress[]> {
  const answer = await apiRead('address/retrieve', {
    query: { id },
    schema: addressRetrieveResponseSchema,
  });
  return answer.address._data;
}
