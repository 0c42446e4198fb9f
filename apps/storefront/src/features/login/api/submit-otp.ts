import type { LoginResponse, SubmitOtpBody } from '@admit/contracts/identity';
import { submitOtpRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

/** POST login/otp (identity §7 "One-time passcode submit"): the token and the six digits. */
export function submitOtp(body: SubmitOtpBody): Promise<LoginResponse> {
  return call(submitOtpRoute, { body });
}
