import { useCallback } from 'react';
import type { ApplyCodeBody } from '@admit/contracts/codes';
import { useApplyCode } from '@/features/codes/api/apply-code';
import { ApiError } from '@/api/client';
import { toCodeFailure } from '@/features/codes/model/code-field';
import { promoErrorMessage } from '@/features/codes/model/promo-errors';
import type { CodeMessage } from '@/features/codes/model/promo-errors';

/** What an apply came to: null when applied, the form's message, or `'field'` when a field shows it. */
export type ApplyOutcome = CodeMessage | null | 'field';

/**
 * Applies a code to the cart and turns a failure into its message (shopping §8). spec:
 * shopping §8 — duplicate_code "returns the first error": the code is on the cart already,
 * so the apply counts as done and the refreshed cart shows it (decision 0019). `atField` may
 * take a failure that one of the form's own fields shows (a CityPASS voucher).
 */
export function useApplyCodeMessage(cartId: string, atField?: (failure: ApiError) => boolean) {
  const mutation = useApplyCode(cartId);
  const apply = useCallback(
    async (code: string, vouchers?: ApplyCodeBody['vouchers']): Promise<ApplyOutcome> => {
      try {
        await mutation.mutateAsync(vouchers ? { code, vouchers } : { code });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'duplicate_code') return null;
        if (error instanceof ApiError && atField?.(error)) return 'field';
        return promoErrorMessage(toCodeFailure(error), code);
      }
    },
    [mutation, atField],
  );
  return apply;
}
