import { useCallback } from 'react';
import type { ApplyCodeBody } from '@admit/contracts/codes';
import { useApplyCode } from '@/features/codes/api/apply-code';
import { ApiError } from '@/api/client';
import { toCodeFailure } from '@/features/codes/model/code-field';
import { promoErrorMessage } from '@/features/codes/model/promo-errors';
import type { CodeMessage } from '@/features/codes/model/promo-errors';

/**
 * Applies a code to the cart and turns a failure into its message (shopping §8). spec:
 * shopping §8 — duplicate_code "returns the first error": the code is on the cart already,
 * so the apply counts as done and the refreshed cart shows it (decision 0019).
 */
export function useApplyCodeMessage(cartId: string) {
  const mutation = useApplyCode(cartId);
  const apply = useCallback(
    async (code: string, vouchers?: ApplyCodeBody['vouchers']): Promise<CodeMessage | null> => {
      try {
        await mutation.mutateAsync(vouchers ? { code, vouchers } : { code });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'duplicate_code') return null;
        return promoErrorMessage(toCodeFailure(error), code);
      }
    },
    [mutation],
  );
  return apply;
}
