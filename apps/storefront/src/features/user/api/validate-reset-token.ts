import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentityResponse } from '@admit/contracts/identity';
import { passwordResetValidateRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

/**
 * POST password_reset/validate (identity §7): whether a reset link still works. A POST that
 * changes nothing, so the page reads it like a query; 404 not_found / 422 validate_failed mean
 * the link is not valid.
 */
export function validateResetToken(token: string): Promise<IdentityResponse> {
  return call(passwordResetValidateRoute, { body: { token } });
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['password-reset', token] as const,
    queryFn: () => validateResetToken(token),
    // a refused token stays refused; asking again would only repeat the answer
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetTokenValidation(token: string) {
  return useQuery(resetTokenQueryOptions(token));
}
