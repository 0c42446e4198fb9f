import type { ApiKey } from '@admit/contracts/seller-api';
import { apiKeyRoute } from '@admit/contracts/routes/seller-api';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '@/api/client';
import { readOnce } from '@/api/read-once';

/**
 * GET /admin/api/api_key: the key's name and seller, or the refusal (401, 404 another seller);
 * retried as any read (`readOnce`).
 */
export async function getApiKey(queryClient: QueryClient, key: string): Promise<ApiKey> {
  const body = await readOnce(queryClient, ['api_key', key], (signal) =>
    call(apiKeyRoute, { headers: { Authorization: `Bearer ${key}` }, signal }),
  );
  return body.api_key._data[0]!;
}
