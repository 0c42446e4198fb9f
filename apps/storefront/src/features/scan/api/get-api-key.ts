import { apiKeyResponseSchema, type ApiKey } from '@admit/contracts/seller-api';
import { apiRead } from '@/api/client';

/** GET /admin/api/api_key: the key's name and seller, or the refusal (401, 404 another seller). */
export async function getApiKey(key: string): Promise<ApiKey> {
  const body = await apiRead('api_key', {
    admin: true,
    headers: { Authorization: `Bearer ${key}` },
    schema: apiKeyResponseSchema,
  });
  return body.api_key._data[0]!;
}
