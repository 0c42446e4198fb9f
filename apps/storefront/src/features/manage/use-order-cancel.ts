import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAttemptKey } from '@/api/checkout/idempotency';
import { useSellerConfig } from '@/config/seller-config';
import { cancelOrderTickets } from '@/features/manage/api/cancel-order-tickets';
import { cancelSuccess } from '@/features/manage/model/manage-success';

/**
 * Cancels tickets of the order at once (POST ticket_order/{id}/cancel): the cancel free order
 * screen and the manage page's cancel-order button. One Idempotency-Key per attempt, kept while
 * the answer is unknown so a retry never cancels or refunds twice (decision 0036). The answer is
 * the success to show; the order is read again.
 */
export function useOrderCancel(orderId: string, secret: string | null) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const { currency } = useSellerConfig();
  return useMutation({
    mutationFn: async (ticketIds: string[]) => {
      const key = attempt.keyFor(JSON.stringify(ticketIds));
      const answer = await cancelOrderTickets(orderId, secret, ticketIds, key);
      return cancelSuccess(answer, answer.ticket_order_fees._data[0]?.currency_code ?? currency);
    },
    onSuccess: () => {
      attempt.end();
      return queryClient.invalidateQueries({ queryKey: ['ticket_order', orderId] });
    },
    onError: (error) => {
      // no answer (the network): the same attempt may be sent again with its key
      if (!(error instanceof TypeError)) attempt.end();
    },
  });
}
