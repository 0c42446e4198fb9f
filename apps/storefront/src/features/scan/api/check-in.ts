import { useMutation } from '@tanstack/react-query';
import {
  checkInResponseSchema,
  type CheckInBody,
  type CheckInResult,
} from '@admit/contracts/seller-api';
import { apiWrite } from '@/api/client';

/** POST /admin/api/check_in with the door's key: what was admitted, or an ApiError saying why not. */
export async function postCheckIn(key: string, body: CheckInBody): Promise<CheckInResult[]> {
  const answer = await apiWrite('POST', 'check_in', {
    admin: true,
    headers: { Authorization: `Bearer ${key}` },
    body,
    schema: checkInResponseSchema,
  });
  return answer.check_in._data;
}

export const useCheckIn = (key: string) =>
  useMutation({ mutationFn: (body: CheckInBody) => postCheckIn(key, body) });
