import { z } from 'zod';
import { isEmailAddress } from '@admit/contracts/rules/email-address';
import { AppError } from '@/http/app-error';
import { loadJose } from '@/lib/jose';
import type { SellerAuth } from './seller-auth';

/** The claims an external provider's token must carry (identity §3 "Login credentials": jwt). */
const claimsSchema = z.object({
  email: z.string().trim().min(3).max(254).refine(isEmailAddress, 'not an e-mail address'),
  given_name: z.string().trim().max(100).optional(),
  family_name: z.string().trim().max(100).optional(),
  sub: z.string().min(1).max(200),
});
export type ExternalClaims = z.infer<typeof claimsSchema>;

export const externalRefused = (why: string) =>
  new AppError('not_authorized', 'login', 'External login failed', { reason: why });

const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * Verifies an HS256 token with the seller's server-side secret: signature, `iss`, `aud`, `exp`
 * (required), against the server's clock. Any failure is one 401 `not_authorized`.
 */
export async function verifyExternalJwt(
  auth: SellerAuth,
  token: string,
  now: Date,
): Promise<ExternalClaims> {
  // without an expected issuer a token minted for another site could be replayed here
  if (!auth.jwt?.issuer) throw externalRefused('not_configured');
  const key = new TextEncoder().encode(auth.jwt.secret);
  // a failure to load is the server's (500), not the token's: outside the try
  const { jwtVerify } = await loadJose();
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: auth.jwt.audience,
      issuer: auth.jwt.issuer,
      requiredClaims: ['exp', 'sub', 'iss', 'aud'],
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    }));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw externalRefused(typeof code === 'string' ? code : 'invalid');
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw externalRefused('claims');
  return claims.data;
}
