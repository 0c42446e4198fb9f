import { useMutation } from '@tanstack/react-query';
import type { CheckInBody, CheckInResult } from '@admit/contracts/seller-api';
import { checkInRoute } from '@admit/contracts/routes/seller-api';
import { call } from '@/api/client';

/** POST /admin/api/check_in with the door's key: what was admitted, or an ApiError saying why not. */
export async function postCheckIn(key: string, body: CheckInBody): Promise<CheckInResult[]> {
  const answer = await call(checkInRoute, { headers: { Authorization: `Bearer ${key}` }, body });
  return answer.check_in._data;
}

export const useCheckIn = (key: string) =>
  useMutation({ mutationFn: (body: CheckInBody) => postCheckIn(key, body) });
