import { useMutation } from '@tanstack/react-query';
import type { AcceptedResponse } from '@admit/contracts/identity';
import { apiWrite } from '@/api/client';

/** POST password_reset/request (identity §7): the server answers the same for any e-mail. */
export function requestPasswordReset(email: string): Promise<AcceptedResponse> {
  return apiWrite<AcceptedResponse>('POST', 'password_reset/request', { body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
