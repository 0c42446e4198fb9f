import { useMutation } from '@tanstack/react-query';
import type { IdentityResponse } from '@admit/contracts/identity';
import { passwordResetRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

/** POST password_reset/reset (identity §7); 400/422 on the password field when it breaks the rules. */
export function resetPassword(body: ResetPasswordRequest): Promise<IdentityResponse> {
  return call(passwordResetRoute, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
