import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderEditBody, OrderEditResponse } from '@admit/contracts/manage';
import { useAttemptKey } from '@/api/checkout/idempotency';
import { extendedExpiry } from '@/ui/hold-timer';
import { changeOrderEdit } from '@/features/manage/api/change-order-edit';
import { discardOrderEdit } from '@/features/manage/api/discard-order-edit';
import { extendOrderEdit } from '@/features/manage/api/extend-order-edit';
import { payOrderEdit } from '@/features/manage/api/pay-order-edit';
import { orderEditQueryKey } from '@/features/manage/api/get-order-edit';
import { orderManageQueryKey } from '@/features/manage/api/get-order-manage';
import { editOf } from '@/features/manage/model/manage-view';

/** identity §4 "Manage order" Confirm Changes with nothing to pay: check out free. */
const FREE_ENTRY = { amount: '0.00', gateway_id: 'free' as const, gateway_data: {} };

/**
 * The changes of an order's edit (decision 0036), each answered into the edit's query: change
 * (cancel, reschedule, restore tickets), discard (identity §4 "Cancel discards the cart and
 * restores the cancelled tickets"), extend (+2 minutes), and Confirm Changes with nothing to pay.
 * A change names the edit it was made for, so one made after the edit expired is refused
 * (cart_expired: the restart message) instead of opening a new edit behind the visitor's back.
 */
export function useEditActions(
  orderId: string,
  secret: string | null,
  current: OrderEditResponse | null | undefined,
) {
  const queryClient = useQueryClient();
  const editKey = orderEditQueryKey(orderId, secret);
  const attempt = useAttemptKey();
  // an edit whose changes were all undone is not named: if it expired meanwhile, the next change
  // simply opens a new one (nothing of the visitor's was lost)
  const row = editOf(current);
  const cartId = row && row.kind !== 'none' ? row.cart_id : undefined;

  const refreshOrder = useCallback(
    () => queryClient.invalidateQueries({ queryKey: orderManageQueryKey(orderId, secret) }),
    [orderId, queryClient, secret],
  );

  const change = useMutation({
    mutationFn: (body: OrderEditBody) =>
      changeOrderEdit(orderId, secret, { ...body, ...(cartId ? { cart_id: cartId } : {}) }),
    onSuccess: (answer) => queryClient.setQueryData(editKey, answer),
  });

  const discard = useMutation({
    mutationFn: () => discardOrderEdit(orderId, secret),
    onSuccess: () => {
      queryClient.setQueryData(editKey, null);
      void refreshOrder();
    },
  });

  const extend = useMutation({
    mutationFn: (expiresAt: string) => extendOrderEdit(orderId, secret, extendedExpiry(expiresAt)),
    onSuccess: (answer) => queryClient.setQueryData(editKey, answer),
  });

  const confirmFree = useMutation({
    mutationFn: () => payOrderEdit(orderId, secret, FREE_ENTRY, attempt.keyFor('free')),
    onSuccess: () => {
      attempt.end();
      queryClient.setQueryData(editKey, null);
      void refreshOrder();
    },
    // a definite refusal ends the attempt; no answer keeps its key for the retry
    onError: (error) => {
      if (!(error instanceof TypeError)) attempt.end();
    },
  });

  /** Forgets the edit as this page knew it and reads the order and its edit again. */
  const restart = useCallback(() => {
    change.reset();
    discard.reset();
    confirmFree.reset();
    return queryClient.invalidateQueries({ queryKey: ['ticket_order', orderId] });
  }, [change, confirmFree, discard, orderId, queryClient]);

  return { change, discard, extend, confirmFree, restart };
}
