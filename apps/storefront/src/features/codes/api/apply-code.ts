import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import type { ApplyCodeBody } from '@admit/contracts/codes';
import { applyCodeRoute } from '@admit/contracts/routes/cart';
import { call } from '@/api/client';
import { acceptCartBundle } from '@/api/cart/modify-cart';

/** POST my/cart/{id}/apply_code (codes contract): answers the cart bundle with the cartmods. */
export function applyCode(cartId: string, body: ApplyCodeBody): Promise<CartBundle> {
  return call(applyCodeRoute, { params: { cartId }, body });
}

/** Applies a code and stores the answered cart, so every cart view shows the new totals. */
export function useApplyCode(cartId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyCodeBody) => applyCode(cartId, body),
    onSuccess: (bundle) => acceptCartBundle(queryClient, bundle),
  });
}
