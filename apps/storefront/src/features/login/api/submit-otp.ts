import { loginResponseSchema } from '@admit/contracts/identity';
import type { LoginResponse, SubmitOtpBody } from '@admit/contracts/identity';
import { apiWrite } from '@/api/client';

/** POST login/otp (identity §7 "One-time passcode submit"): the token and the six digits. */
export function submitOtp(body: SubmitOtpBody): Promise<LoginResponse> {
  return apiWrite('POST', 'login/otp', { body, schema: loginResponseSchema });
}
