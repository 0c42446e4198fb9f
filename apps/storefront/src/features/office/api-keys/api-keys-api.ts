import { queryOptions } from '@tanstack/react-query';
import {
  officeApiKeyCreatedResponseSchema,
  officeApiKeysResponseSchema,
  type OfficeApiKeyCreatedResponse,
} from '@admit/contracts/office-catalogue';
import type { StaffApiKey } from '@admit/contracts/staff-api';
import { officeRequest } from '@/features/office/api/office-request';

/** The API keys page's calls (decision 0089): the list, a new key, a revocation. */

export type CreatedApiKey = OfficeApiKeyCreatedResponse['api_key']['_data'][number];

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: ['office', 'api_key'],
    queryFn: async (): Promise<StaffApiKey[]> =>
      officeApiKeysResponseSchema.parse(await officeRequest('api_key')).api_key._data,
  });

/** The answer carries the secret `key`, this once: the caller shows it and never stores it. */
export async function createApiKey(body: {
  name: string;
  reason?: string;
}): Promise<CreatedApiKey> {
  const answer = await officeRequest('api_key', { method: 'POST', body });
  return officeApiKeyCreatedResponseSchema.parse(answer).api_key._data[0]!;
}

export async function revokeApiKey(id: string, reason: string): Promise<void> {
  await officeRequest(`api_key/${id}/revoke`, { method: 'POST', body: { reason } });
}
