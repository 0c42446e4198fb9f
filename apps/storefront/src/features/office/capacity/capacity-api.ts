import { queryOptions } from '@tanstack/react-query';
import type {
  ClosedDateBody,
  SessionCapacity,
  SessionCapacityPatchBody,
} from '@admit/contracts/office-capacity';
import {
  capacityEffectResponseSchema,
  sessionCapacitiesResponseSchema,
} from '@admit/contracts/office-capacity';
import { officeRequest } from '@/features/office/api/office-request';

/** The capacity page's calls (decision 0089): the day's sessions, a session's change, a date's. */

export const sessionCapacityQuery = (date: string) =>
  queryOptions({
    queryKey: ['office', 'session_capacity', date],
    queryFn: async (): Promise<SessionCapacity[]> =>
      sessionCapacitiesResponseSchema.parse(
        await officeRequest('session_capacity', { query: { _ondate: date } }),
      ).session_capacity._data,
  });

export async function changeSession(id: string, body: SessionCapacityPatchBody) {
  const answer = await officeRequest(`session_capacity/${id}`, { method: 'PATCH', body });
  return capacityEffectResponseSchema.parse(answer).capacity_effect._data;
}

export async function changeDate(body: ClosedDateBody) {
  const answer = await officeRequest('closed_date', { method: 'POST', body });
  return capacityEffectResponseSchema.parse(answer).capacity_effect._data;
}
