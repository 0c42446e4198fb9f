import type { RequestOtpBody } from '@admit/contracts/identity';
import { requestOtpRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

/** What a passcode request gives back: the token the code is submitted with. */
export interface OtpChallenge {
  token: string;
  expiresAt: string;
}

/**
 * POST login/request_otp (identity §7): e-mails a one-time passcode and its magic link. The
 * answer is the same for unknown e-mails, so nothing here says whether an account exists.
 */
export async function requestOtp(body: RequestOtpBody): Promise<OtpChallenge> {
  const response = await call(requestOtpRoute, { body: { provider: 'email', ...body } });
  const otp = response.otp._data[0];
  if (!otp) throw new Error('login/request_otp answered without a challenge');
  return { token: otp.token, expiresAt: otp.expires_at };
}
