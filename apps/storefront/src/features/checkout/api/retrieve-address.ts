import type { RetrievedAddress } from '@admit/contracts/address';
import { addressRetrieveRoute } from '@admit/contracts/routes/checkout';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '@/api/client';
import { readOnce } from '@/api/read-once';

/**
 * GET address/retrieve (identity §7 Retrieve; decision 0024): the address of a suggestion id,
 * retried as any read (`readOnce`).
 */
export async function retrieveAddress(
  queryClient: QueryClient,
  id: string,
): Promise<RetrievedAddress[]> {
  const answer = await readOnce(queryClient, ['address', 'retrieve', id], (signal) =>
    call(addressRetrieveRoute, { query: { id }, signal }),
  );
  return answer.address._data;
}
