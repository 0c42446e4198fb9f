import { useMutation } from '@tanstack/react-query';
import type { AcceptedResponse } from '@admit/contracts/identity';
import { passwordResetRequestRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

/** POST password_reset/request (identity §7): the server answers the same for any e-mail. */
export function requestPasswordReset(email: string): Promise<AcceptedResponse> {
  return call(passwordResetRequestRoute, { body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
