import type { ApiKey } from '@admit/contracts/seller-api';
import { apiKeyRoute } from '@admit/contracts/routes/seller-api';
import { call } from '@/api/client';

/** GET /admin/api/api_key: the key's name and seller, or the refusal (401, 404 another seller). */
export async function getApiKey(key: string): Promise<ApiKey> {
  const body = await call(apiKeyRoute, { headers: { Authorization: `Bearer ${key}` } });
  return body.api_key._data[0]!;
}
